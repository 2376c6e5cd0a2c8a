import type { Page } from '@playwright/test';

/** An intake record as stored in the page's IndexedDB, keyed by its animal's key. */
export interface StoredRecord {
  /** The animal's key: `local:<uuid>` while it waits, then its service id. */
  key: string;
  /** The name of the animal in `pets` under the same key; null when there is none. */
  name: string | null;
  chip?: string;
  sex?: string;
  neutered?: string;
  birthDate?: string;
  birthEstimated?: boolean;
  breed?: string;
  colour?: string;
  intakeType?: string;
  intakeAt?: number;
  foundAt?: string;
  kennel?: string;
  holdUntil?: string;
  notes?: string;
  outcome?: string;
  outcomeOn?: string;
  hasPhoto?: number;
}

/** A stored photo, reduced to what a test checks. */
export interface StoredPhotoFacts {
  key: string;
  width: number;
  height: number;
  /** The JPEG's size in bytes, from its `data:` URL. */
  bytes: number;
  type: string;
  /** The JPEG itself: its `data:` URL's base64, to look inside. */
  base64: string;
}

/**
 * The intake records and photos of `profile` in the page's own database, read
 * straight from IndexedDB (read only, never written behind the app), so a test
 * can tell what this computer keeps and under which key.
 */
export function readStoredRecords(
  page: Page,
  profile: 'local' | 'staging' | 'production' = 'local',
): Promise<{ records: StoredRecord[]; photos: StoredPhotoFacts[] }> {
  return page.evaluate(readBoth, `kennel-${profile}`);
}

/** Runs inside the page; this file is compiled without the DOM library. */
async function readBoth(
  dbName: string,
): Promise<{ records: StoredRecord[]; photos: StoredPhotoFacts[] }> {
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
    ): { objectStore(name: string): { getAll(): Request<unknown[]> } };
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
    if (!db.objectStoreNames.contains('records')) return { records: [], photos: [] };
    const tx = db.transaction(['records', 'photos', 'pets'], 'readonly');
    const pets = (await settle(tx.objectStore('pets').getAll())) as { key: string; name: string }[];
    const names = new Map(pets.map((pet) => [pet.key, pet.name]));
    const rows = (await settle(tx.objectStore('records').getAll())) as StoredRecord[];
    const records = rows.map((row) => ({ ...row, name: names.get(row.key) ?? null }));
    const photoRows = (await settle(tx.objectStore('photos').getAll())) as {
      key: string;
      dataUrl: string;
      width: number;
      height: number;
    }[];
    const photos = photoRows.map((row) => {
      const [head = '', body = ''] = row.dataUrl.split(',');
      return {
        key: row.key,
        width: row.width,
        height: row.height,
        bytes:
          Math.floor((body.length * 3) / 4) -
          (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0),
        type: head.replace(/^data:/, '').replace(/;base64$/, ''),
        base64: body,
      };
    });
    return { records, photos };
  } finally {
    db.close();
  }
}
