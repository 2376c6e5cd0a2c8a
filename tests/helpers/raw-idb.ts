/**
 * A whole IndexedDB database as plain JSON and back, through the plain
 * IndexedDB API only (no Dexie), in the shape the move between origins
 * already carries (`MovedDatabase`): what the schema fixtures are stored as.
 * Both functions are self-contained, so Playwright can run them in a page and
 * the fixture recorder can copy this file into an old source tree. This file
 * is also compiled without the DOM library: it declares the few IndexedDB
 * shapes it touches itself.
 */
import type { MovedDatabase, MovedStore } from '../../electron/contract/moved-data';

/** Any IndexedDB factory: the page's own or fake-indexeddb's. */
export interface IdbFactoryLike {
  open(name: string, version?: number): object;
}

interface Request<T> {
  readonly result: T;
  readonly error: { name: string } | null;
  readonly transaction: { abort(): void } | null;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  onupgradeneeded: (() => void) | null;
}

interface Index {
  name: string;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
}

interface Store {
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexNames: ArrayLike<string>;
  index(name: string): Index;
  getAll(): Request<unknown[]>;
  getAllKeys(): Request<unknown[]>;
  add(value: unknown, key?: unknown): void;
  createIndex(name: string, keyPath: string | string[], options: object): void;
}

interface Database {
  name: string;
  version: number;
  objectStoreNames: ArrayLike<string>;
  transaction(store: string, mode: 'readonly'): { objectStore(name: string): Store };
  createObjectStore(name: string, options: object): Store;
  close(): void;
}

/** Reads database `name` whole (of the page's own IndexedDB unless `factory` says); rejects when there is none. */
export async function dumpDatabase(
  name: string,
  factory: IdbFactoryLike = (globalThis as unknown as { indexedDB: IdbFactoryLike }).indexedDB,
): Promise<MovedDatabase> {
  const settle = <T>(request: Request<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(request.error?.name ?? 'IndexedDB failed'));
    });
  const open = factory.open(name) as Request<Database>;
  open.onupgradeneeded = () => open.transaction?.abort();
  const db = await settle(open).catch(() => {
    throw new Error(`There is no database named ${name}.`);
  });
  try {
    const stores: MovedStore[] = [];
    for (const storeName of Array.from(db.objectStoreNames).sort()) {
      const store = db.transaction(storeName, 'readonly').objectStore(storeName);
      const indexes = Array.from(store.indexNames)
        .sort()
        .map((indexName) => {
          const { keyPath, unique, multiEntry } = store.index(indexName);
          return { name: indexName, keyPath, unique, multiEntry };
        });
      const [keys, values] = await Promise.all([
        settle(store.getAllKeys()),
        settle(store.getAll()),
      ]);
      const { keyPath, autoIncrement } = store;
      stores.push({ name: storeName, keyPath, autoIncrement, indexes, keys, values });
    }
    return { name: db.name, version: db.version, stores };
  } finally {
    db.close();
  }
}

/**
 * Creates `dump` as the build that wrote it left it (in the page's own
 * IndexedDB unless `factory` says); rejects when the database exists already.
 */
export async function restoreDatabase(
  dump: MovedDatabase,
  factory: IdbFactoryLike = (globalThis as unknown as { indexedDB: IdbFactoryLike }).indexedDB,
): Promise<void> {
  const open = factory.open(dump.name, dump.version) as Request<Database>;
  await new Promise<void>((resolve, reject) => {
    open.onupgradeneeded = () => {
      const db = open.result;
      if (db.objectStoreNames.length > 0) {
        open.transaction?.abort();
        return;
      }
      for (const raw of dump.stores) {
        const { keyPath, autoIncrement } = raw;
        const store = db.createObjectStore(raw.name, { keyPath, autoIncrement });
        for (const { name, keyPath: path, unique, multiEntry } of raw.indexes) {
          store.createIndex(name, path, { unique, multiEntry });
        }
        // In-line keys travel inside the record; out-of-line ones beside it.
        raw.values.forEach((value, i) => {
          if (keyPath === null) store.add(value, raw.keys[i]);
          else store.add(value);
        });
      }
    };
    open.onsuccess = () => {
      open.result.close();
      resolve();
    };
    open.onerror = () =>
      reject(new Error(`Could not create ${dump.name}: ${open.error?.name ?? 'it exists'}.`));
  });
}
