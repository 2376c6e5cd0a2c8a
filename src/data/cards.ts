/**
 * The reads and the one write behind kennel cards. A card is due for an
 * animal typed here once its ID arrives (`completeEntry` marks it), and stays
 * due until a card with that ID has been printed.
 */
import type { CachedPet, KennelDb } from './db';
import { addHistory } from './history';
import { historyEvent } from './history-desk';
import { isCachedPet } from './row-checks';

function byTyping(a: CachedPet, b: CachedPet): number {
  return (a.typedAt ?? 0) - (b.typedAt ?? 0) || a.key.localeCompare(b.key);
}

/** The animals whose card is still to print, in the order they were taken in. */
export async function cardsDue(db: KennelDb): Promise<CachedPet[]> {
  const rows: unknown[] = await db.pets.where('cardDue').equals(1).toArray();
  return rows.filter(isCachedPet).sort(byTyping);
}

/** The animals typed on this computer since `since` (epoch ms), sent or not, oldest first. */
export async function typedSince(db: KennelDb, since: number): Promise<CachedPet[]> {
  const rows: unknown[] = await db.pets.where('typedAt').aboveOrEqual(since).toArray();
  return rows.filter(isCachedPet).sort(byTyping);
}

/**
 * Takes animals off the cards to print: a card with their ID has come out.
 * The history says how many, and which animal when it was one.
 */
export async function markCardsPrinted(db: KennelDb, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.transaction('rw', db.pets, db.history, async () => {
    await db.pets
      .where('key')
      .anyOf([...keys])
      .modify((row: CachedPet) => {
        delete row.cardDue;
      });
    const [only] = keys.length === 1 ? await db.pets.bulkGet([...keys]) : [];
    const about = only
      ? { petKey: only.key, name: only.name, ...(only.id ? { petId: only.id } : {}) }
      : {};
    await addHistory(db, historyEvent('card-printed', { count: keys.length, ...about }));
  });
}
