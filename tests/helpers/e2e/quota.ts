import type { CDPSession, Page } from '@playwright/test';
import { seedFor } from '../seed';

/**
 * A small disk for the page's origin, set through Chromium's DevTools protocol
 * before the page first touches storage: Chromium reads an origin's quota when
 * its storage opens, so an override set later is not seen by an open database.
 * Returns the session, which must stay open for the override to hold.
 */
export async function smallDisk(page: Page, origin: string, bytes: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: bytes });
  return cdp;
}

/** The database another page of the origin fills the disk with. */
const FILLER_DB = 'disk-filler';

/**
 * Fills what is left of the origin's quota with a database of its own, in
 * chunks of seeded noise (incompressible, and the same for a replayed run),
 * until the browser refuses the next one: as other data would fill a real
 * disk. Returns how many chunks it took.
 */
export function fillDisk(page: Page): Promise<number> {
  return page.evaluate(fillInPage, { name: FILLER_DB, seed: seedFor('disk filler') });
}

/** Frees the space {@link fillDisk} took, as staff freeing disk space would. */
export function freeDisk(page: Page): Promise<void> {
  return page.evaluate(deleteInPage, FILLER_DB);
}

/**
 * Runs inside the page (Playwright serialises it). This file is compiled
 * without the DOM library, so it names the few browser shapes it touches.
 */
async function fillInPage({ name, seed }: { name: string; seed: number }): Promise<number> {
  interface Transaction {
    objectStore(name: string): { put(value: unknown, key: number): void };
    oncomplete: (() => void) | null;
    onabort: (() => void) | null;
    error: { name: string } | null;
  }
  interface Database {
    createObjectStore(name: string): void;
    transaction(store: string, mode: 'readwrite'): Transaction;
    close(): void;
  }
  interface OpenRequest {
    result: Database;
    error: unknown;
    onupgradeneeded: (() => void) | null;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
  }
  const { indexedDB } = globalThis as unknown as {
    indexedDB: { open(name: string, version: number): OpenRequest };
  };
  // xorshift32: noise the storage engine cannot compress, from the run's seed.
  let state = seed >>> 0 || 1;
  const noise = (bytes: Uint8Array): Uint8Array => {
    const words = new Uint32Array(bytes.buffer);
    for (let i = 0; i < words.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      words[i] = state >>> 0;
    }
    return bytes;
  };
  const db = await new Promise<Database>((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('chunks');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(new Error(`could not open the filler: ${String(open.error)}`));
  });
  const CHUNK = 64 * 1024;
  try {
    for (let chunk = 0; chunk < 100_000; chunk++) {
      const bytes = noise(new Uint8Array(CHUNK));
      const outcome = await new Promise<string>((resolve) => {
        const tx = db.transaction('chunks', 'readwrite');
        tx.objectStore('chunks').put(bytes, chunk);
        tx.oncomplete = () => resolve('ok');
        tx.onabort = () => resolve(tx.error?.name ?? 'AbortError');
      });
      if (outcome === 'QuotaExceededError') return chunk;
      if (outcome !== 'ok') throw new Error(`the filler failed with ${outcome}`);
    }
    throw new Error('the disk never filled: is the quota override in place?');
  } finally {
    db.close();
  }
}

async function deleteInPage(name: string): Promise<void> {
  interface DeleteRequest {
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
    onblocked: (() => void) | null;
  }
  const { indexedDB } = globalThis as unknown as {
    indexedDB: { deleteDatabase(name: string): DeleteRequest };
  };
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(new Error('could not delete the filler'));
    request.onblocked = () => reject(new Error('the filler is still open'));
  });
}

/** The names of the rows of `store` in the profile's database, read straight from IndexedDB. */
export function storedNames(page: Page, store: 'pets' | 'outbox'): Promise<string[]> {
  return page.evaluate(namesInPage, store);
}

async function namesInPage(store: string): Promise<string[]> {
  interface Request<T> {
    result: T;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
  }
  interface Database {
    transaction(
      store: string,
      mode: 'readonly',
    ): {
      objectStore(name: string): { getAll(): Request<unknown[]> };
    };
    close(): void;
  }
  const { indexedDB } = globalThis as unknown as {
    indexedDB: { open(name: string): Request<Database> };
  };
  const db = await new Promise<Database>((resolve, reject) => {
    const open = indexedDB.open('kennel-local');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(new Error('could not open the database'));
  });
  try {
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const all = db.transaction(store, 'readonly').objectStore(store).getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(new Error(`could not read ${store}`));
    });
    return rows.map((row) => {
      const r = row as { name?: unknown; payload?: { name?: unknown } };
      return String(store === 'outbox' ? r.payload?.name : r.name);
    });
  } finally {
    db.close();
  }
}
