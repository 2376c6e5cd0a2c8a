/**
 * The first read of the catalogue index: every row of a profile's `pets`
 * table, with plain IndexedDB, checked and with its name folded. It runs in
 * the index's worker (`index-worker.ts`), so the window's thread only receives
 * the rows; where no worker can start, on the window's thread. Rows go out as
 * columns (one array per field): a few arrays of strings cross to the window
 * in a fraction of the time the same rows as objects take.
 */
import type { CachedPet } from '../data/db';
import { cachedPetProblem } from '../data/row-checks';
import { foldText } from '../text/fold';

/** Rows read per step. Each step is a transaction of its own, so writes are never held up long. */
const READ_CHUNK = 1_000;

/**
 * Every field of a cached animal, each once: the read sends a column of each
 * and the window puts the rows back together from them. A record of
 * `CachedPet`'s keys, so a field added there and not here does not compile.
 */
const FIELDS = Object.keys({
  key: true,
  id: true,
  name: true,
  categoryId: true,
  status: true,
  pending: true,
  outboxId: true,
  order: true,
  updatedAt: true,
  firstSeenAt: true,
  nameKey: true,
  typedAt: true,
  sentAt: true,
  cardDue: true,
  imported: true,
  otherDesk: true,
} satisfies Record<keyof CachedPet, true>) as (keyof CachedPet)[];

/** Checked rows, one array per field (undefined where a row lacks it), and each name folded for matching. */
export type PetColumns = { [K in keyof CachedPet]-?: CachedPet[K][] } & { folded: string[] };

/** What the whole read found, once every chunk has gone out. */
export interface ReadEnd {
  /** Rows left out as damaged (the audit quarantines them later). */
  skipped: number;
  /** Positions of the rows, in the order they went out, sorted into the list's order. */
  listOrder: Int32Array;
}

function columnsOf(rows: readonly CachedPet[]): PetColumns {
  const columns: Record<string, unknown[]> = { folded: rows.map((row) => foldText(row.name)) };
  for (const field of FIELDS) columns[field] = rows.map((row) => row[field]);
  return columns as PetColumns;
}

/** The rows of `columns` as stored (fields a row lacks stay absent). */
export function rowsOf(columns: PetColumns): CachedPet[] {
  return columns.key.map((_, i) => {
    const row: Record<string, unknown> = {};
    for (const field of FIELDS) {
      const value = columns[field][i];
      if (value !== undefined) row[field] = value;
    }
    return row as unknown as CachedPet;
  });
}

function readChunk(
  db: IDBDatabase,
  keyRange: typeof IDBKeyRange,
  after: IDBValidKey | null,
): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    // Throws once the connection is closed: the promise rejects.
    const tx = db.transaction('pets', 'readonly');
    const request = tx
      .objectStore('pets')
      .getAll(after === null ? null : keyRange.lowerBound(after, true), READ_CHUNK);
    tx.oncomplete = () => resolve(request.result as unknown[]);
    tx.onabort = () => reject(tx.error ?? new DOMException('The read was aborted', 'AbortError'));
  });
}

/**
 * Reads every row of `pets` by primary key, a chunk at a time, handing each
 * chunk's good rows to `onChunk`. Rows written meanwhile may be read or not:
 * the feed reads again whatever a write announces once this is done.
 */
export async function readIndexRows(
  db: IDBDatabase,
  keyRange: typeof IDBKeyRange,
  onChunk: (columns: PetColumns) => void,
): Promise<ReadEnd> {
  const orders: string[] = [];
  let skipped = 0;
  let after: IDBValidKey | null = null;
  for (;;) {
    const chunk = await readChunk(db, keyRange, after);
    const good: CachedPet[] = [];
    for (const row of chunk) {
      if (cachedPetProblem(row) === null) good.push(row as CachedPet);
      else skipped += 1;
    }
    if (good.length > 0) {
      onChunk(columnsOf(good));
      for (const row of good) orders.push(row.order);
    }
    if (chunk.length < READ_CHUNK) break;
    // The store's key is the row's own `key`, so even a damaged row has one.
    after = (chunk[chunk.length - 1] as { key: IDBValidKey }).key;
  }
  // Sorted here, off the window's thread; the sort is stable, so rows of one
  // order keep the order they were read in, as the index's own sort keeps them.
  const listOrder = Int32Array.from(orders.keys());
  listOrder.sort((a, b) => {
    const x = orders[a] as string;
    const y = orders[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return { skipped, listOrder };
}
