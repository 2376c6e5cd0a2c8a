import type { BrowserContext, Page } from '@playwright/test';

/** Everything a page keeps where a leaked secret could hide, as searchable text. */
export interface StorageDump {
  /** Text per place: `url`, `html`, `localStorage`, `sessionStorage`, `indexedDb`, `cookies`. */
  places: Record<string, string>;
  /** The IndexedDB databases that were read, so a test can tell the dump is not empty. */
  databaseNames: string[];
}

/**
 * Dumps the page's DOM, Web Storage, every IndexedDB database (all records of all
 * stores) and the context's cookies, so a test can search them for a secret.
 */
export async function dumpPageStorage(page: Page, context: BrowserContext): Promise<StorageDump> {
  const inPage = await page.evaluate(async () => {
    const storageText = (storage: Storage): string => {
      const entries: Record<string, string | null> = {};
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key !== null) entries[key] = storage.getItem(key);
      }
      return JSON.stringify(entries);
    };
    const serialise = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

    const readDatabase = (name: string): Promise<Record<string, unknown[]>> =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error(`Cannot open ${name}`));
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
              result[store] = all.result as unknown[];
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(result);
          };
          tx.onerror = () => reject(tx.error ?? new Error(`Cannot read ${name}`));
        };
      });

    const databases: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (info.name) databases[info.name] = await readDatabase(info.name);
    }
    return {
      url: location.href,
      html: document.documentElement.outerHTML,
      localStorage: storageText(localStorage),
      sessionStorage: storageText(sessionStorage),
      indexedDb: serialise(databases),
      databaseNames: Object.keys(databases),
    };
  });
  const cookies = JSON.stringify(await context.cookies());
  return {
    places: {
      url: inPage.url,
      html: inPage.html,
      localStorage: inPage.localStorage,
      sessionStorage: inPage.sessionStorage,
      indexedDb: inPage.indexedDb,
      cookies,
    },
    databaseNames: inPage.databaseNames,
  };
}

/** Names of the places in `dump` that contain `secret`; empty when it is nowhere. */
export function placesContaining(dump: StorageDump, secret: string): string[] {
  return Object.entries(dump.places)
    .filter(([, text]) => text.includes(secret))
    .map(([place]) => place);
}
