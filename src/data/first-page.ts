/**
 * The list's first rows, read straight from IndexedDB so the start-up can draw
 * them before Dexie's chunk arrives (see `layer.ts`). It walks the indexes
 * `petsPage` walks, with the same bounds and checks, so the rows on screen do
 * not move when Dexie takes over. Read-only: damaged rows are only left out;
 * their quarantine waits for Dexie's first read.
 */
import type { CachedPet } from './db';
import type { StatusFilter } from './pets';
import { openExisting } from './page-idb';
import { cachedPetProblem } from './row-checks';

// As in `petsPage`: reads on past damaged rows, a bounded number of times.
const MAX_PAGE_READS = 4;

/** A read-only connection to one profile's cache, opened without Dexie. */
export interface CacheReader {
  /** One page of the list in `order`, as `petsPage` gives it (damaged rows left out). */
  page(filter: StatusFilter, offset: number, limit: number): Promise<CachedPet[]>;
  /** Closes the connection; later `page` calls reject. Idempotent. */
  close(): void;
}

/**
 * Opens `name` (e.g. `kennel-local`) for reading, or resolves null when there
 * is no usable cache yet: no database, or one whose schema Dexie has still to
 * upgrade. Never rejects. `keyRange` must come from the same implementation as
 * `factory` (tests pass fake-indexeddb's pair, as they do to Dexie).
 */
export async function openCacheReader(
  name: string,
  factory: IDBFactory | undefined = globalThis.indexedDB,
  keyRange: typeof IDBKeyRange | undefined = globalThis.IDBKeyRange,
): Promise<CacheReader | null> {
  if (factory === undefined || keyRange === undefined) return null;
  let db: IDBDatabase;
  try {
    db = await openExisting(factory, name);
  } catch {
    return null;
  }
  try {
    if (hasListIndexes(db)) return readerOf(db, keyRange);
  } catch {
    // Read as no usable cache, below.
  }
  db.close();
  return null;
}

/** False for a schema older than the list's indexes: Dexie has still to upgrade it. */
function hasListIndexes(db: IDBDatabase): boolean {
  if (!db.objectStoreNames.contains('pets')) return false;
  const indexes = db.transaction('pets', 'readonly').objectStore('pets').indexNames;
  return indexes.contains('order') && indexes.contains('[status+order]');
}

function readerOf(db: IDBDatabase, keyRange: typeof IDBKeyRange): CacheReader {
  return {
    page: (filter, offset, limit) => {
      const from = Math.max(0, Math.floor(offset));
      const size = Math.max(0, Math.floor(limit));
      if (size === 0) return Promise.resolve([]);
      return readPage(db, keyRange, filter, from, size);
    },
    close: () => db.close(),
  };
}

/** `petsPage`'s reads, chained in one read-only transaction (one snapshot). */
function readPage(
  db: IDBDatabase,
  keyRange: typeof IDBKeyRange,
  filter: StatusFilter,
  from: number,
  size: number,
): Promise<CachedPet[]> {
  return new Promise((resolve, reject) => {
    // Throws once closed, by `close` or by Dexie's upgrade: the promise rejects.
    const tx = db.transaction('pets', 'readonly');
    const store = tx.objectStore('pets');
    const good: CachedPet[] = [];
    tx.oncomplete = () => resolve(good);
    tx.onabort = () => reject(tx.error ?? new DOMException('The read was aborted', 'AbortError'));
    if (filter === 'none') {
      readUnset(store.index('order'), from, size, good);
      return;
    }
    // The bounds of `inOrder` in `pets.ts`; see there why `[filter, []]`.
    const index = store.index(filter === 'all' ? 'order' : '[status+order]');
    const range = filter === 'all' ? null : keyRange.bound([filter], [filter, []]);
    let position = from;
    let reads = 0;
    const read = (): void => {
      const wanted = size - good.length;
      // `getAll` has no offset: the rows before `position` are read and dropped,
      // which is cheap for the first pages this reader is for.
      const request = index.getAll(range, position + wanted);
      request.onsuccess = () => {
        const rows: unknown[] = request.result.slice(position);
        let damaged = false;
        for (const row of rows) {
          if (cachedPetProblem(row) === null) good.push(row as CachedPet);
          else damaged = true;
        }
        reads += 1;
        position += rows.length;
        if (damaged && rows.length === wanted && reads < MAX_PAGE_READS) read();
      };
    };
    read();
  });
}

/**
 * The animals without a status, as `petsPage` reads them: no index holds only
 * them (IndexedDB does not index null), so the list order is walked, the
 * first `from` of them skipped and the next `size` good ones kept.
 */
function readUnset(index: IDBIndex, from: number, size: number, good: CachedPet[]): void {
  let skip = from;
  const request = index.openCursor();
  request.onsuccess = () => {
    const cursor = request.result;
    if (cursor === null || good.length >= size) return;
    const row: unknown = cursor.value;
    if ((row as { status?: unknown }).status === null) {
      if (skip > 0) skip -= 1;
      else if (cachedPetProblem(row) === null) good.push(row as CachedPet);
    }
    cursor.continue();
  };
}
