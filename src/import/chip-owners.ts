/**
 * Which animals on this computer (sent, waiting or held) already have the
 * chips an import brings: one chip is one animal, so a row with a chip
 * already recorded is held back like a look-alike until staff say to add it.
 * One read of the `records` table's `chip` index for all rows.
 */
import type { KennelDb } from '../data/db';
import { recordProblem } from '../data/record-checks';
import { isCachedPet } from '../data/row-checks';
import { t } from '../i18n';

/** Each chip (normalised) found, and the animal it is recorded for in words: its name, else its ID. */
export type ChipOwners = ReadonlyMap<string, string>;

/** The owners of those of `chips` already recorded here; chips recorded for no animal are absent. */
export async function findChipOwners(db: KennelDb, chips: Iterable<string>): Promise<ChipOwners> {
  const wanted = [...new Set(chips)];
  const owners = new Map<string, string>();
  if (wanted.length === 0) return owners;
  await db.transaction('r', db.records, db.pets, async () => {
    const rows: unknown[] = await db.records.where('chip').anyOf(wanted).toArray();
    const records = rows.filter((row) => recordProblem(row) === null) as {
      key: string;
      chip: string;
    }[];
    const pets: unknown[] = await db.pets.bulkGet(records.map((record) => record.key));
    records.forEach((record, i) => {
      if (owners.has(record.chip)) return;
      const pet = pets[i];
      if (isCachedPet(pet)) owners.set(record.chip, pet.name);
      // A record whose animal has left the list still holds its chip, under its ID.
      else if (!record.key.startsWith('local:')) {
        owners.set(record.chip, t('import.preview.chipOwnerId', { id: record.key }));
      }
    });
  });
  return owners;
}
