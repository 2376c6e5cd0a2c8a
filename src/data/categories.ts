/**
 * The profile's category list in its database. The list is small (tens of
 * names), so it is read whole and written whole, in one transaction.
 */
import type { Category } from './category-list';
import type { KennelDb } from './db';
import { deferQuarantine } from './deferred-quarantine';
import { storedKey, type BadRow } from './quarantine';
import { categoryRowProblem } from './row-checks';

/**
 * The list as stored. A damaged row is left out and set aside in the
 * quarantine (never silently dropped). Read-only, so it can run in a live query.
 */
export async function readCategories(db: KennelDb): Promise<Category[]> {
  const rows: unknown[] = await db.categories.toArray();
  const good: Category[] = [];
  const bad: BadRow[] = [];
  for (const row of rows) {
    const problem = categoryRowProblem(row);
    if (problem === null) {
      const { id, name } = row as Category;
      good.push({ id, name });
    } else {
      bad.push({ key: storedKey(row, 'id'), row, problem });
    }
  }
  deferQuarantine(db, 'categories', bad);
  return good;
}

/**
 * Reads the stored list and, in the same read-write transaction, writes what
 * `update` makes of it (nothing when it gives no `next`). A change is always
 * made to the list as stored, never to a copy a live query has not caught up
 * with, so two quick edits, or edits in two windows, never undo each other.
 */
export async function updateCategories<T>(
  db: KennelDb,
  update: (current: Category[]) => { next?: readonly Category[]; result: T },
): Promise<T> {
  return db.transaction('rw', db.categories, db.quarantine, async () => {
    const { next, result } = update(await readCategories(db));
    if (next !== undefined) await replaceRows(db, next);
    return result;
  });
}

// Damaged rows are moved aside here, before the table is cleared: left to the
// deferred step, they would be gone by the time it ran.
async function replaceRows(db: KennelDb, list: readonly Category[]): Promise<void> {
  const rows: unknown[] = await db.categories.toArray();
  const at = Date.now();
  for (const row of rows) {
    const problem = categoryRowProblem(row);
    if (problem !== null) await db.quarantine.add({ table: 'categories', row, problem, at });
  }
  await db.categories.clear();
  await db.categories.bulkPut(list.map(({ id, name }) => ({ id, name })));
}

/** Replaces the whole list with `list` (already checked and normalised). */
export async function writeCategories(db: KennelDb, list: readonly Category[]): Promise<void> {
  await db.transaction('rw', db.categories, db.quarantine, () => replaceRows(db, list));
}
