/**
 * The profile's category list in its database. The list is small (tens of
 * names), so it is read whole and written whole, in one transaction: two
 * windows editing at once end with one of their lists, never a mix.
 */
import type { Category } from '../categories/category-list';
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

/** Replaces the whole list with `list` (already checked and normalised). */
export async function writeCategories(db: KennelDb, list: readonly Category[]): Promise<void> {
  await db.transaction('rw', db.categories, async () => {
    await db.categories.clear();
    await db.categories.bulkPut(list.map(({ id, name }) => ({ id, name })));
  });
}
