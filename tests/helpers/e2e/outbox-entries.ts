import type { Page } from '@playwright/test';

/** One outbox entry as stored in the page's IndexedDB, reduced to what a report needs. */
export interface StoredOutboxEntry {
  seq: number;
  name: string;
  idempotencyKey: string;
  state: string;
  attempts: number;
  outcomeUnknownAt: number | null;
  lastError: string | null;
  candidates: number;
  /** When the hold before sending ends (epoch ms, the page's clock); null without one. */
  heldUntil: number | null;
}

/**
 * The outbox entries of `profile` in the page's own database, in `seq` order,
 * read straight from IndexedDB (not through the app), so a test can tie the
 * service's request log (which carries `Idempotency-Key`) back to animals.
 */
export function readOutboxEntries(
  page: Page,
  profile: 'local' | 'staging' | 'production' = 'local',
): Promise<StoredOutboxEntry[]> {
  return page.evaluate(readEntries, `kennel-${profile}`);
}

/**
 * Runs inside the page (Playwright serialises it). This file is compiled
 * without the DOM library, so it names the few browser shapes it touches.
 */
async function readEntries(dbName: string): Promise<StoredOutboxEntry[]> {
  interface Request<T> {
    result: T;
    error: unknown;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
    onupgradeneeded?: (() => void) | null;
    transaction?: { abort(): void } | null;
  }
  interface Database {
    transaction(
      stores: string[],
      mode: 'readonly',
    ): { objectStore(name: string): { getAll(): Request<unknown[]> } };
    close(): void;
  }
  interface Row {
    seq: number;
    payload: { name: string };
    idempotencyKey: string;
    state: string;
    attempts: number;
    outcomeUnknownAt?: number;
    lastError: { message?: string } | null;
    candidates?: unknown[];
    heldUntil?: number;
  }
  const { indexedDB } = globalThis as unknown as {
    indexedDB: { open(name: string): Request<Database> };
  };
  const settle = <T>(request: Request<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
  // No database yet means nothing is queued. Opening one that does not exist
  // would create it, empty and at a version the app never declared: aborting
  // the creation leaves that to the app, which may be starting beside the test.
  let created = false;
  const open = indexedDB.open(dbName);
  open.onupgradeneeded = () => {
    created = true;
    open.transaction?.abort();
  };
  const db = await settle(open).catch((error: unknown) => {
    if (created) return null;
    throw error;
  });
  if (db === null) return [];
  try {
    const rows = (await settle(
      db.transaction(['outbox'], 'readonly').objectStore('outbox').getAll(),
    )) as Row[];
    return rows
      .sort((a, b) => a.seq - b.seq)
      .map((row) => ({
        seq: row.seq,
        name: row.payload.name,
        idempotencyKey: row.idempotencyKey,
        state: row.state,
        attempts: row.attempts,
        outcomeUnknownAt: row.outcomeUnknownAt ?? null,
        lastError: row.lastError?.message ?? null,
        candidates: row.candidates?.length ?? 0,
        heldUntil: row.heldUntil ?? null,
      }));
  } finally {
    db.close();
  }
}
