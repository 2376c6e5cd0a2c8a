/**
 * The raw IndexedDB step of writing back what the old origin held
 * (`moved-data.ts`): a database created whole, in the transaction that
 * creates it.
 */
import type { MovedDatabase, MovedStore } from '../../electron/contract/moved-data';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Puts every record of `moved` into `store`. */
function putAll(store: IDBObjectStore, moved: MovedStore): void {
  moved.values.forEach((value, i) => {
    const key = moved.keyPath === null ? (moved.keys[i] as IDBValidKey) : undefined;
    store.put(value, key);
  });
}

/** Creates `moved` here, stores, indexes and records, in its one upgrade transaction. */
export async function createDatabase(idb: IDBFactory, moved: MovedDatabase): Promise<void> {
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
      putAll(store, source);
    }
  };
  (await settled(opening)).close();
}
