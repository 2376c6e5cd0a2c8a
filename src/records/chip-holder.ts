/**
 * Which animal on this computer already has a chip: one chip is one animal,
 * so a second animal with the same number is asked about before it is queued.
 */
import type { KennelDb } from '../data/db';
import { recordsWithChip } from '../data/records';
import { isCachedPet } from '../data/row-checks';

/** The animal a chip is recorded for: its name, or its ID when its row is no longer listed. */
export interface ChipHolder {
  key: string;
  name: string | null;
  id: string | null;
}

/** The first animal whose record has `chip` (normalised), sent, waiting or held; null when none. */
export async function findChipHolder(db: KennelDb, chip: string): Promise<ChipHolder | null> {
  for (const record of await recordsWithChip(db, chip)) {
    const row: unknown = await db.pets.get(record.key);
    if (isCachedPet(row)) return { key: record.key, name: row.name, id: row.id };
    if (!record.key.startsWith('local:')) return { key: record.key, name: null, id: record.key };
  }
  return null;
}
