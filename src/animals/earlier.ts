/**
 * Finds the animals already on this computer (the cache and the queue) that
 * new ones would duplicate, by the rule in `duplicates.ts`: one reader for the
 * add form's one animal and an import's many rows, which reads the cache
 * through its `[categoryId+nameKey]` index instead of one look-up per row.
 */
import { validateNewPet } from '../../electron/contract/validate';
import { foldText } from '../text/fold';
import {
  duplicateKey,
  earlierFromCache,
  earlierFromEntry,
  newestPerKey,
  type AnimalIdentity,
  type EarlierAnimal,
  type EarlierByKey,
} from './duplicates';
import type { KennelDb } from '../data/db';
import { isCachedPet, isOutboxEntry } from '../data/row-checks';

/**
 * For each duplicate key of `wanted` (worked out by `lookupKeys`: duplicate
 * key → [category number, folded name], as the cache's index holds them)
 * that an animal added here in the last 30 days has, that animal (the
 * newest). Keys with none are absent.
 */
export async function findEarlierByKeys(
  db: KennelDb,
  wanted: ReadonlyMap<string, readonly [string, string]>,
  now: number = Date.now(),
): Promise<EarlierByKey> {
  if (wanted.size === 0) return new Map();
  const earlier: EarlierAnimal[] = [];
  await db.transaction('r', db.pets, db.outbox, async () => {
    const rows: unknown[] = await db.pets
      .where('[categoryId+nameKey]')
      .anyOf([...wanted.values()] as [string, string][])
      .toArray();
    for (const row of rows) {
      if (isCachedPet(row)) earlier.push(earlierFromCache(row));
    }
    // The queue's pending rows may be missing; its entries are the record.
    const entries: unknown[] = await db.outbox.toArray();
    for (const entry of entries) {
      if (isOutboxEntry(entry)) earlier.push(earlierFromEntry(entry));
    }
  });
  return newestPerKey(wanted, earlier, now);
}

/**
 * The animal added here in the last 30 days that `fields` would duplicate
 * (the newest), or null; null too when `fields` is not a valid animal.
 */
export async function findRecentDuplicate(
  db: KennelDb,
  fields: AnimalIdentity,
  now: number = Date.now(),
): Promise<EarlierAnimal | null> {
  const checked = validateNewPet(fields);
  if (!checked.ok) return null;
  const key = duplicateKey(checked.value);
  const { categoryId, name } = checked.value;
  const found = await findEarlierByKeys(db, new Map([[key, [categoryId, foldText(name)]]]), now);
  return found.get(key) ?? null;
}
