// @ts-check
/*
 * The reader of an earlier Kennel's storage, run once in a hidden window on
 * the old `file://` origin (see `electron/contract/moved-data.ts`): it reads
 * every IndexedDB database and every localStorage entry as they are and hands
 * them to the main process, which keeps them until the app, on its own origin,
 * writes them back. A classic script, hand-written: module scripts cannot load
 * from `file://`. It changes nothing here, and delivers all or nothing.
 */
(function () {
  'use strict';

  const target =
    /** @type {{ kennelOldOrigin?: import('../../electron/contract/moved-data').OldOriginApi }} */ (
      /** @type {unknown} */ (window)
    ).kennelOldOrigin;
  // Served anywhere else (browser mode serves the same folder) it does nothing.
  if (target === undefined) return;

  /**
   * @template T
   * @param {IDBRequest<T>} request
   * @returns {Promise<T>}
   */
  function settled(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        reject(request.error);
      };
    });
  }

  /** @param {string} name */
  async function readDatabase(name) {
    // Without a version the database opens as it is: never created, never upgraded.
    const db = await settled(indexedDB.open(name));
    try {
      const names = Array.from(db.objectStoreNames);
      if (names.length === 0) return { name: db.name, version: db.version, stores: [] };
      const tx = db.transaction(names, 'readonly');
      // Every request is made before any answer is awaited, so the one
      // transaction reads one consistent state.
      const reads = names.map(function (storeName) {
        const store = tx.objectStore(storeName);
        const indexes = Array.from(store.indexNames, function (indexName) {
          const index = store.index(indexName);
          return {
            name: index.name,
            keyPath: index.keyPath,
            unique: index.unique,
            multiEntry: index.multiEntry,
          };
        });
        return Promise.all([settled(store.getAllKeys()), settled(store.getAll())]).then(
          function (both) {
            return {
              name: storeName,
              keyPath: store.keyPath,
              autoIncrement: store.autoIncrement,
              indexes: indexes,
              keys: both[0],
              values: both[1],
            };
          },
        );
      });
      return { name: db.name, version: db.version, stores: await Promise.all(reads) };
    } finally {
      db.close();
    }
  }

  function readLocalStorage() {
    /** @type {Array<[string, string]>} */
    const entries = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      const value = key === null ? null : localStorage.getItem(key);
      if (key !== null && value !== null) entries.push([key, value]);
    }
    return entries;
  }

  async function readAll() {
    const listed = await indexedDB.databases();
    const databases = [];
    for (const info of listed) {
      if (info.name !== undefined) databases.push(await readDatabase(info.name));
    }
    return { databases: databases, localStorage: readLocalStorage() };
  }

  // A failure delivers nothing and says so: the main process tries again at the next start.
  readAll()
    .then(function (data) {
      return target.deliver(data);
    })
    .catch(function () {
      return target.failed();
    })
    .catch(function () {
      return undefined;
    });
})();
