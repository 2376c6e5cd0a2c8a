/**
 * A catalogue index built the way the list builds it: the rows stored in a
 * profile's `pets` table, read by the index's worker read (`readIndexRows`,
 * here on the test's thread), taken in chunk by chunk and adopted whole.
 */
import { IDBKeyRange } from 'fake-indexeddb';
import { readIndexRows, rowsOf } from '../../../../src/catalogue/index-read';
import { CatalogueIndex, IndexBuild } from '../../../../src/catalogue/search-index';
import type { CachedPet } from '../../../../src/data/db';
import { freshProfileDb } from '../data/test-db';

/** Replaces everything `index` holds with `rows`, as a rebuild does. */
export async function rebuild(index: CatalogueIndex, rows: readonly CachedPet[]): Promise<void> {
  const db = freshProfileDb();
  try {
    await db.pets.bulkPut([...rows]);
    const build = new IndexBuild();
    const end = await readIndexRows(db.backendDB(), IDBKeyRange, (columns) =>
      build.add(rowsOf(columns), columns.folded),
    );
    index.adopt(build, end.listOrder);
  } finally {
    db.close();
  }
}

/** A new index of `rows`. */
export async function indexOf(rows: readonly CachedPet[]): Promise<CatalogueIndex> {
  const index = new CatalogueIndex();
  await rebuild(index, rows);
  return index;
}
