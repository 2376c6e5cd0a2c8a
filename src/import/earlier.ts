/**
 * Finds the animals already on this computer (the cache and the queue) that
 * rows of an import would duplicate: the same rule as the add form
 * (`duplicates.ts`), read for many rows at once through the cache's
 * `[categoryId+nameKey]` index instead of one look-up per row.
 */
import { validateNewPet } from '../../electron/contract/validate';
import { foldText } from '../text/fold';
import {
  DUPLICATE_WINDOW_MS,
  duplicateKey,
  earlierFromCache,
  earlierFromEntry,
  type EarlierAnimal,
} from '../animals/duplicates';
import type { KennelDb } from '../data/db';
import { isCachedPet, isOutboxEntry } from '../data/row-checks';
import type { EarlierByKey } from './rows';

/**
 * For each duplicate key of `animals` that an animal added here in the last
 * 30 days has, that animal (the newest). Keys with none are absent.
 */
export function findEarlier(
  db: KennelDb,
  animals: readonly { categoryId: string; name: string }[],
  now: number = Date.now(),
): Promise<EarlierByKey> {
  const wanted = new Map<string, readonly [string, string]>();
  for (const animal of animals) {
    const checked = validateNewPet(animal);
    if (!checked.ok) continue;
    const { categoryId, name } = checked.value;
    wanted.set(duplicateKey(checked.value), [categoryId, foldText(name)]);
  }
  return findEarlierByKeys(db, wanted, now);
}

/**
 * {@link findEarlier} for keys already worked out (`lookupKeys`): duplicate
 * key → [category number, folded name], as the cache's index holds them.
 */
export async function findEarlierByKeys(
  db: KennelDb,
  wanted: ReadonlyMap<string, readonly [string, string]>,
  now: number = Date.now(),
): Promise<EarlierByKey> {
  const since = now - DUPLICATE_WINDOW_MS;
  const found = new Map<string, EarlierAnimal>();
  const keep = (animal: EarlierAnimal): void => {
    if (animal.addedAt < since) return;
    const key = duplicateKey(animal);
    if (!wanted.has(key)) return;
    const known = found.get(key);
    if (known === undefined || animal.addedAt > known.addedAt) found.set(key, animal);
  };
  if (wanted.size === 0) return found;
  await db.transaction('r', db.pets, db.outbox, async () => {
    const rows: unknown[] = await db.pets
      .where('[categoryId+nameKey]')
      .anyOf([...wanted.values()] as [string, string][])
      .toArray();
    for (const row of rows) {
      if (isCachedPet(row)) keep(earlierFromCache(row));
    }
    // The queue's pending rows may be missing; its entries are the record.
    const entries: unknown[] = await db.outbox.toArray();
    for (const entry of entries) {
      if (isOutboxEntry(entry)) keep(earlierFromEntry(entry));
    }
  });
  return found;
}
