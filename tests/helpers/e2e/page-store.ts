import type { Page } from '@playwright/test';

/** One read or write of an object store in the page's own IndexedDB. */
export type StoreOp =
  | { db: string; store: string; op: 'get'; key: string }
  | { db: string; store: string; op: 'put'; value: unknown }
  /** Many values, in one transaction: all of them or, should one fail, none. */
  | { db: string; store: string; op: 'putAll'; values: unknown[] };

/**
 * Reads or writes the page's IndexedDB directly, not through the app: as
 * another build, window or a damaged disk would. A `get` on a database that
 * lacks the store answers undefined.
 */
export function inPageStore(page: Page, op: StoreOp): Promise<unknown> {
  return page.evaluate(runStoreOp, op);
}

/**
 * Runs inside the page (Playwright serialises it). This file is compiled
 * without the DOM library, so it names the few browser shapes it touches.
 */
async function runStoreOp(op: StoreOp): Promise<unknown> {
  interface Request<T> {
    result: T;
    error: unknown;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
  }
  interface Store {
    get(key: string): Request<unknown>;
    put(value: unknown): Request<unknown>;
  }
  interface Database {
    objectStoreNames: { contains(name: string): boolean };
    transaction(
      stores: string[],
      mode: 'readonly' | 'readwrite',
    ): {
      objectStore(name: string): Store;
      oncomplete: (() => void) | null;
      onabort: (() => void) | null;
      error: unknown;
    };
    close(): void;
  }
  const { indexedDB } = globalThis as unknown as {
    indexedDB: { open(name: string): Request<Database> };
  };
  const settle = <T>(request: Request<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
  const db = await settle(indexedDB.open(op.db));
  try {
    if (op.op === 'get') {
      if (!db.objectStoreNames.contains(op.store)) return undefined;
      return await settle(db.transaction([op.store], 'readonly').objectStore(op.store).get(op.key));
    }
    if (op.op === 'put') {
      return await settle(
        db.transaction([op.store], 'readwrite').objectStore(op.store).put(op.value),
      );
    }
    const tx = db.transaction([op.store], 'readwrite');
    for (const value of op.values) tx.objectStore(op.store).put(value);
    // Committed, not only written, before the page is reloaded on it.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(new Error(String(tx.error)));
    });
    return undefined;
  } finally {
    db.close();
  }
}
