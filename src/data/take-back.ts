/**
 * Taking an animal that was not sent off this computer: Undo (of one animal,
 * or of a whole import) while no attempt of it has gone out, and Discard of
 * one the service refused. The entry, its pending row and its intake record
 * go, and the history's 'taken-back' row is written, in one transaction that
 * checks the entry first; IndexedDB serialises it with the replayer's claim,
 * so an animal is either taken back or sent, never both. Only ever called on
 * an explicit user action: nothing in the sync path drops entries.
 */
import type { KennelDb, OutboxEntry } from './db';
import { changeableEntry, untriedEntries } from './entry-change';
import { addHistory } from './history';
import { aboutEntry, historyEvent } from './history-desk';
import { deleteRecordsIn } from './records';

/** What became of a request to take back several animals. */
export interface TakeBackResult {
  /** Taken back: gone from the outbox and the list. */
  withdrawn: number;
  /** Already on their way or sent, or refused by the service: left where they are. */
  tooLate: number;
}

const tables = (db: KennelDb) => [db.pets, db.outbox, db.records, db.photos, db.history];

/** Removes `entries` with their animals and writes their history, inside the caller's transaction. */
async function removeIn(db: KennelDb, entries: readonly OutboxEntry[]): Promise<void> {
  const keys = entries.map((entry) => entry.localKey);
  await db.outbox.bulkDelete(entries.map((entry) => entry.id));
  await db.pets.bulkDelete(keys);
  await deleteRecordsIn(db, keys);
  await addHistory(db, ...entries.map((entry) => historyEvent('taken-back', aboutEntry(entry))));
}

/**
 * Takes back every animal of `ids` that has not been tried yet. A claimed,
 * sending or already tried entry stays where it is: its request may have
 * reached the service, which offers no delete. One that is gone (sent, or
 * discarded) counts as too late.
 */
export async function takeBack(db: KennelDb, ids: readonly string[]): Promise<TakeBackResult> {
  return db.transaction('rw', tables(db), async () => {
    const entries = await untriedEntries(db, ids);
    await removeIn(db, entries);
    return { withdrawn: entries.length, tooLate: ids.length - entries.length };
  });
}

/**
 * Discards an entry handed to staff (refused, or set aside) and its animal;
 * rejects with `OutboxEntryError` when the entry is not waiting for them.
 */
export async function discardEntry(db: KennelDb, id: string): Promise<void> {
  await db.transaction('rw', tables(db), async () => {
    await removeIn(db, [await changeableEntry(db, id, true)]);
  });
}
