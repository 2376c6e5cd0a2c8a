/**
 * Litters on this computer: animals added one after another with "Add
 * another like this", grouped by a `litter` place on each one's intake
 * record (`intake-record.ts`). The first animal of a litter is not known to
 * be one until the second is added, so it joins then, in the second's own
 * transaction.
 */
import type { CachedPet, KennelDb } from './db';
import type { IntakeRecord, LitterPlace } from './intake-record';
import { findCachedPet } from './pets';
import { readRecord } from './records';

/** An animal joining a litter as it is queued. */
export interface LitterJoin extends LitterPlace {
  /** The outbox entry the litter's first animal was queued with, to join it too. */
  firstOutboxId?: string;
}

/**
 * In the caller's transaction (over `pets` and `records`): gives the animal
 * of `key` its place in the litter, and the litter's first animal place 1
 * when it has no litter yet, wherever it is now (waiting, or sent under its
 * ID). A first animal taken back since is simply not there to join.
 */
export async function joinLitterIn(
  db: KennelDb,
  key: string,
  join: LitterJoin,
  now: number,
): Promise<void> {
  await placeIn(db, key, { id: join.id, place: join.place }, now);
  if (join.firstOutboxId === undefined) return;
  const first: unknown = await db.pets.where('outboxId').equals(join.firstOutboxId).first();
  const firstKey = (first as { key?: unknown } | undefined)?.key;
  if (typeof firstKey !== 'string' || firstKey === key) return;
  if ((await readRecord(db, firstKey))?.litter !== undefined) return;
  await placeIn(db, firstKey, { id: join.id, place: 1 }, now);
}

async function placeIn(db: KennelDb, key: string, litter: LitterPlace, now: number): Promise<void> {
  const record: IntakeRecord = (await readRecord(db, key)) ?? { key, updatedAt: now };
  await db.records.put({ ...record, litter, updatedAt: now });
}

/**
 * The cached animals of `keys`, in their order, those not cached (or
 * damaged) left out. Read-only, so it can run in a live query.
 */
export async function readLitterAnimals(
  db: KennelDb,
  keys: readonly string[],
): Promise<CachedPet[]> {
  const rows = await Promise.all(keys.map((key) => findCachedPet(db, key)));
  return rows.filter((row) => row !== undefined);
}
