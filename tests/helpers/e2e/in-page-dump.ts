/**
 * The part of the storage dump that runs inside the page. This file is compiled
 * with the Node-side settings (no DOM library), so it declares the few browser
 * shapes it touches itself; Playwright serialises the function into the page.
 */

interface WebStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}

interface IdbRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}

interface IdbTransaction {
  error: unknown;
  objectStore(name: string): { getAll(): IdbRequest<unknown[]> };
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
}

interface IdbDatabase {
  objectStoreNames: Iterable<string> & ArrayLike<string>;
  transaction(stores: string[], mode: 'readonly'): IdbTransaction;
  close(): void;
}

interface BrowserGlobals {
  location: { href: string };
  document: { documentElement: { outerHTML: string } };
  localStorage: WebStorage;
  sessionStorage: WebStorage;
  indexedDB: {
    open(name: string): IdbRequest<IdbDatabase>;
    databases(): Promise<{ name?: string }[]>;
  };
}

/** What {@link dumpInPage} returns: text per place plus the databases read. */
export interface InPageDump {
  url: string;
  html: string;
  localStorage: string;
  sessionStorage: string;
  indexedDb: string;
  databaseNames: string[];
}

/**
 * Reads the URL, DOM, Web Storage and every record of every IndexedDB database.
 * Must stay self-contained: it is serialised and run in the page.
 */
export async function dumpInPage(): Promise<InPageDump> {
  const g = globalThis as unknown as BrowserGlobals;
  const storageText = (storage: WebStorage): string => {
    const entries: Record<string, string | null> = {};
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null) entries[key] = storage.getItem(key);
    }
    return JSON.stringify(entries);
  };

  const readDatabase = (name: string): Promise<Record<string, unknown[]>> =>
    new Promise((resolve, reject) => {
      const open = g.indexedDB.open(name);
      open.onerror = () => reject(new Error(`Cannot open ${name}: ${String(open.error)}`));
      open.onsuccess = () => {
        const db = open.result;
        const stores = Array.from(db.objectStoreNames);
        const result: Record<string, unknown[]> = {};
        if (stores.length === 0) {
          db.close();
          resolve(result);
          return;
        }
        const tx = db.transaction(stores, 'readonly');
        for (const store of stores) {
          const all = tx.objectStore(store).getAll();
          all.onsuccess = () => {
            result[store] = all.result;
          };
        }
        tx.oncomplete = () => {
          db.close();
          resolve(result);
        };
        tx.onerror = () => reject(new Error(`Cannot read ${name}: ${String(tx.error)}`));
      };
    });

  const databases: Record<string, Record<string, unknown[]>> = {};
  for (const info of await g.indexedDB.databases()) {
    if (info.name) databases[info.name] = await readDatabase(info.name);
  }
  return {
    url: g.location.href,
    html: g.document.documentElement.outerHTML,
    localStorage: storageText(g.localStorage),
    sessionStorage: storageText(g.sessionStorage),
    // Records may hold bigints, which JSON cannot carry as they are.
    indexedDb: JSON.stringify(databases, (_key, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    ),
    databaseNames: Object.keys(databases),
  };
}
