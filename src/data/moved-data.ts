/**
 * Writes back what an earlier Kennel kept on its old `file://` origin, before
 * anything on this origin opens a database or reads a choice (see
 * `electron/contract/moved-data.ts`). Only the desktop app offers it
 * (`window.kennelMovedData`); browser mode never moved.
 *
 * Each database is written in the transaction that creates it, so it arrives
 * whole or not at all. Nothing is overwritten: a database this origin already
 * has (the move failed at a first start and the desk went on working) gets
 * only the records it lacks, and only when both were written by the same
 * schema version; a choice already made here is kept. The move is declared
 * over only once everything is written; otherwise it runs again at the next
 * start and skips each database it wrote already.
 */
import type {
  MovedData,
  MovedDataApi,
  MovedDatabase,
  MovedStore,
} from '../../electron/contract/moved-data';
import type { PageStorage } from '../browser/page-storage';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    // A failed request the transaction survives bubbles up as an error too; only an abort fails it.
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Puts every record of `moved` into `store`; with `onlyMissing`, a key already there is left as it is. */
function putAll(store: IDBObjectStore, moved: MovedStore, onlyMissing: boolean): void {
  moved.values.forEach((value, i) => {
    const key = moved.keyPath === null ? (moved.keys[i] as IDBValidKey) : undefined;
    const request = onlyMissing ? store.add(value, key) : store.put(value, key);
    if (onlyMissing) {
      request.onerror = (event) => {
        // The key is there already: keep what this origin wrote, and go on.
        if (request.error?.name !== 'ConstraintError') return;
        event.preventDefault();
        event.stopPropagation();
      };
    }
  });
}

/** Creates `moved` here, stores, indexes and records, in its one upgrade transaction. */
async function create(idb: IDBFactory, moved: MovedDatabase): Promise<void> {
  const opening = idb.open(moved.name, moved.version);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    for (const source of moved.stores) {
      const store = db.createObjectStore(source.name, {
        keyPath: source.keyPath,
        autoIncrement: source.autoIncrement,
      });
      for (const index of source.indexes) {
        store.createIndex(index.name, index.keyPath, {
          unique: index.unique,
          multiEntry: index.multiEntry,
        });
      }
      putAll(store, source, false);
    }
  };
  (await settled(opening)).close();
}

/** Adds to an existing database of the same version the records it lacks. */
async function merge(idb: IDBFactory, moved: MovedDatabase): Promise<void> {
  const db = await settled(idb.open(moved.name));
  try {
    const stores = moved.stores.filter((s) => db.objectStoreNames.contains(s.name));
    if (stores.length === 0) return;
    const tx = db.transaction(
      stores.map((s) => s.name),
      'readwrite',
    );
    for (const source of stores) putAll(tx.objectStore(source.name), source, true);
    await done(tx);
  } finally {
    db.close();
  }
}

/**
 * `localStorage` key of the databases already written back. A database is
 * written once: were it merged again after the desk had sent and let go of
 * some of its queue, those animals would come back and be sent twice.
 */
const WRITTEN_KEY = 'kennel.movedDatabases';

function writtenBefore(storage: PageStorage): Set<string> {
  try {
    const list: unknown = JSON.parse(storage?.getItem(WRITTEN_KEY) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((n) => typeof n === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Writes `data` into this origin's storage; see the module's comment for what is kept. */
export async function writeMovedData(
  data: MovedData,
  idb: IDBFactory,
  storage: PageStorage,
): Promise<void> {
  const written = writtenBefore(storage);
  const here = new Map((await idb.databases()).map((info) => [info.name, info.version]));
  for (const moved of data.databases) {
    if (written.has(moved.name)) continue;
    const version = here.get(moved.name);
    if (version === undefined) await create(idb, moved);
    else if (version === moved.version) await merge(idb, moved);
    // A database of another version here was written by another schema: left alone.
    written.add(moved.name);
    storage?.setItem(WRITTEN_KEY, JSON.stringify([...written]));
  }
  for (const [key, value] of data.localStorage) {
    if (storage !== null && storage.getItem(key) === null) storage.setItem(key, value);
  }
}

/**
 * Takes what the main process keeps from the old origin, writes it here and
 * says so. Never throws: a move that fails is tried again at the next start.
 */
export async function restoreMovedData(
  source: MovedDataApi,
  idb: IDBFactory,
  storage: PageStorage,
): Promise<void> {
  try {
    const data = await source.take();
    if (data === null) return;
    await writeMovedData(data, idb, storage);
    await source.stored();
  } catch {
    // Left for the next start: nothing here was half-written.
  }
}
