/**
 * Faults a test puts into a shared profile database (a write that fails, a
 * closed connection), each one undone after the test so the next one gets the
 * database as it was.
 */
import type { Table } from 'dexie';
import type { KennelDb } from '../../../../src/data/db';

const undo: (() => Promise<unknown> | void)[] = [];

/** Runs `check` on every row `table` is about to create (a Dexie hook); a throw fails the write. */
export function beforeCreating<T>(table: Table<T, string>, check: (row: T) => void): void {
  const hook = (_key: unknown, row: T): void => check(row);
  table.hook('creating', hook);
  undo.push(() => table.hook('creating').unsubscribe(hook));
}

/** Closes `db` as a failing disk would; it opens again when the test ends. */
export function closeForTest(db: KennelDb): void {
  db.close();
  undo.push(() => db.open());
}

/** Undoes every fault since the last call; for `afterEach`. */
export async function undoFaults(): Promise<void> {
  for (const step of undo.splice(0)) await step();
}
