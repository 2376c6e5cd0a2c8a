/**
 * Writes the desk's history (`history-event.ts`). Every act is written inside
 * the transaction of the act itself, so an act that is rolled back leaves no
 * row, and one that commits always has its row: the caller adds `db.history`
 * to its transaction's tables and calls one of these from inside it.
 */
import type { KennelDb } from './db';
import { historyEvent } from './history-desk';
import type { HistoryEvent } from './history-event';

/** Adds `events` to the history, inside the caller's read-write transaction. */
export async function addHistory(db: KennelDb, ...events: HistoryEvent[]): Promise<void> {
  if (events.length > 0) await db.history.bulkAdd(events);
}

/**
 * An export was handed to staff (`file`, the file's name, holds `count`
 * animals): a read with nothing else to roll back, so its row has a
 * transaction of its own.
 */
export async function noteExport(db: KennelDb, file: string, count: number): Promise<void> {
  const event = historyEvent('exported', { batch: file, count });
  await db.transaction('rw', db.history, () => addHistory(db, event));
}
