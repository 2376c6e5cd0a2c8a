import { watchForLoss } from './storage-loss';

/** The page's IndexedDB; undefined where the browser has none or throws when it is read (storage forbidden). */
export function pageIndexedDb(): IDBFactory | undefined {
  try {
    return (globalThis as { indexedDB?: IDBFactory | null }).indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens `name` at the version it has, to read beside Dexie: it never creates
 * a database (an open that would is aborted: Dexie would find an empty one at
 * a version it did not declare), and closes at once when Dexie upgrades it.
 * Rejects when there is none, or it cannot be opened now. Watched for the
 * browser saying it emptied a damaged store (`storage-loss.ts`): at start-up
 * this is the page's first open, the only one told.
 */
export function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: unknown): void => {
      settled = true;
      reject(reason instanceof Error ? reason : new Error(`${name} did not open`));
    };
    try {
      const request = watchForLoss(factory.open(name));
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = (event) => {
        event.preventDefault();
        fail(request.error);
      };
      request.onblocked = () => fail(new Error(`${name} is blocked`));
      request.onsuccess = () => {
        const db = request.result;
        // A success after giving up (on a blocked open) must not leave a connection behind.
        if (settled) {
          db.close();
          return;
        }
        settled = true;
        db.onversionchange = () => db.close();
        resolve(db);
      };
    } catch (error) {
      fail(error);
    }
  });
}
