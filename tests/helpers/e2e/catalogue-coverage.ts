import type { Page } from '@playwright/test';

/** What a finished refresh stored about the lists it read (`src/catalogue/coverage.ts`), in short. */
export interface StoredCoverage {
  startedAt: number;
  finishedAt: number;
  /** Per list read (`all`, `available`, ...): how many it returned and whether it was cut. */
  lists: Record<string, { count: number; cut: boolean }>;
}

/**
 * The catalogue coverage a profile's last finished refresh wrote to the page's
 * own database, read straight from IndexedDB (not through the app); null before
 * any refresh has finished. The app writes it as a refresh's last step, so a
 * test can tell that a refresh the app started on its own (after a key is
 * entered) is over before the user asks for another.
 */
export function readCatalogueCoverage(
  page: Page,
  profile: 'local' | 'staging' | 'production' = 'local',
): Promise<StoredCoverage | null> {
  return page.evaluate(readCoverage, `kennel-${profile}`);
}

/**
 * Runs inside the page (Playwright serialises it). This file is compiled
 * without the DOM library, so it names the few browser shapes it touches.
 */
async function readCoverage(dbName: string): Promise<StoredCoverage | null> {
  interface Request<T> {
    result: T;
    error: unknown;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
  }
  interface Database {
    objectStoreNames: { contains(name: string): boolean };
    transaction(
      stores: string[],
      mode: 'readonly',
    ): { objectStore(name: string): { get(key: string): Request<unknown> } };
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
  const db = await settle(indexedDB.open(dbName));
  try {
    if (!db.objectStoreNames.contains('meta')) return null;
    const row = (await settle(
      db.transaction(['meta'], 'readonly').objectStore('meta').get('catalogue-coverage'),
    )) as { value?: StoredCoverage } | undefined;
    const value = row?.value;
    if (typeof value?.finishedAt !== 'number') return null;
    const lists: StoredCoverage['lists'] = {};
    for (const [list, entry] of Object.entries(value.lists ?? {})) {
      lists[list] = { count: entry.count, cut: entry.cut };
    }
    return { startedAt: value.startedAt, finishedAt: value.finishedAt, lists };
  } finally {
    db.close();
  }
}
