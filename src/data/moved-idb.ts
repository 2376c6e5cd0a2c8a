/**
 * The raw IndexedDB steps of writing back what the old origin held
 * (`moved-data.ts`): a database created whole, in the transaction that
 * creates it, or the records an existing one lacks added to it.
 */
import type { MovedDatabase, MovedStore } from '../../electron/contract/moved-data';

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
      putAll(store, source, false);
    }
  };
  (await settled(opening)).close();
}

/** Adds to an existing database of the same version the records it lacks; nothing is overwritten. */
export async function addMissing(idb: IDBFactory, moved: MovedDatabase): Promise<void> {
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
