import type { Page } from '@playwright/test';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { eventually } from '../../helpers/eventually';
import { loadRendererModule } from '../lib/load-renderer-module';

interface BenchPet {
  id: string;
  name: string;
  categoryId: string;
  status?: string;
}

/** A profile database as the seeding uses it. */
interface CacheDb {
  pets: { bulkGet(keys: string[]): Promise<(object | undefined)[]> };
  close(): void;
}

/**
 * The slice of the data layer the seeding uses: rows go through the catalogue
 * refresh's own write (`upsertServicePets`), so they are encoded as the app
 * encodes them.
 */
export interface PetsModule {
  openProfileDb(
    profile: 'local',
    options: { indexedDB: InstanceType<typeof IDBFactory>; IDBKeyRange: typeof IDBKeyRange },
  ): CacheDb;
  upsertServicePets(db: CacheDb, pets: readonly BenchPet[]): Promise<void>;
}

/** Loads the data layer's database and refresh write for Node. */
export async function loadPetsModule(): Promise<PetsModule> {
  const [db, pets] = await Promise.all([
    loadRendererModule<Pick<PetsModule, 'openProfileDb'>>('src/data/db.ts', ['openProfileDb']),
    loadRendererModule<Pick<PetsModule, 'upsertServicePets'>>('src/data/pets.ts', [
      'upsertServicePets',
    ]),
  ]);
  return { openProfileDb: db.openProfileDb, upsertServicePets: pets.upsertServicePets };
}

// The functions passed to `page.evaluate` run in the page, where these exist;
// the Node project has no DOM library, so the part used is declared here.
interface PageRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  onblocked?: (() => void) | null;
  onupgradeneeded?: (() => void) | null;
  transaction?: { abort(): void } | null;
}
interface PageTransaction {
  objectStore(name: string): { clear(): unknown; put(row: object): unknown };
  error: unknown;
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}
interface PageDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string, mode: 'readwrite'): PageTransaction;
  close(): void;
}
declare const indexedDB: {
  open(name: string): PageRequest<PageDatabase>;
};

const STATUSES = ['available', 'pending', 'sold'] as const;
// Beyond 2^53, as real ids can be: a precision bug would show up as wrong order.
const FIRST_ID = 9_007_199_254_740_993n;
const CHUNK = 5_000;
// Shelter names, so a search matches a realistic share of them ("m" about one
// in six, "oll" one in 49). None holds a status word; "Zoë" needs folding. 49
// shares no factor with the 3 statuses or 12 categories, so every name has each.
// prettier-ignore
const GIVEN_NAMES = [
  'Bella', 'Max', 'Luna', 'Charlie', 'Lucy', 'Cooper', 'Daisy', 'Milo',
  'Bailey', 'Rocky', 'Sadie', 'Toby', 'Molly', 'Buddy', 'Coco', 'Oscar',
  'Ruby', 'Teddy', 'Rosie', 'Jack', 'Lola', 'Bear', 'Maggie', 'Duke',
  'Zoë', 'Finn', 'Nala', 'Leo', 'Pepper', 'Ginger', 'Simba', 'Willow',
  'Biscuit', 'Shadow', 'Pickles', 'Hazel', 'Olive', 'Scout', 'Winston', 'Penny',
  'Murphy', 'Juniper', 'Mabel', 'Otis', 'Pumpkin', 'Ziggy', 'Tilly', 'Gus',
  'Hank',
];

/** "Luna 000012": each given name numbered on its own, so every name is unique. */
function benchName(i: number): string {
  const given = GIVEN_NAMES[i % GIVEN_NAMES.length] as string;
  return `${given} ${String(Math.floor(i / GIVEN_NAMES.length)).padStart(6, '0')}`;
}

/**
 * Cache rows for `count` synced animals, in order, as a catalogue refresh
 * writes them (into an in-memory database here, read back). Names hold no
 * status word, so a row's status can be read from its text; statuses rotate
 * so each filter matches a third of the rows.
 */
export async function benchRows(pets: PetsModule, count: number): Promise<object[]> {
  const animals: BenchPet[] = [];
  for (let i = 0; i < count; i++) {
    animals.push({
      id: (FIRST_ID + BigInt(i)).toString(),
      name: benchName(i),
      categoryId: String(1 + (i % 12)),
      status: STATUSES[i % STATUSES.length] as string,
    });
  }
  const db = pets.openProfileDb('local', { indexedDB: new IDBFactory(), IDBKeyRange });
  try {
    const rows: object[] = [];
    for (let start = 0; start < count; start += CHUNK) {
      const chunk = animals.slice(start, start + CHUNK);
      await pets.upsertServicePets(db, chunk);
      const read = await db.pets.bulkGet(chunk.map((pet) => pet.id));
      for (const row of read) {
        if (row === undefined) throw new Error('the refresh left a seeded animal out');
        rows.push(row);
      }
    }
    return rows;
  } finally {
    db.close();
  }
}

/**
 * Resolves once the app has created `store` in `dbName` (i.e. its schema
 * exists). Polled from here, one `evaluate` at a time: `waitForFunction` takes
 * a promise its predicate returns as a truthy answer, so it would stop at the
 * first look. A look never creates the database: that would leave the app an
 * empty one at a version it did not declare, and hold its upgrade up.
 */
export async function waitForStore(page: Page, dbName: string, store: string): Promise<void> {
  await eventually(
    () =>
      page.evaluate(
        ([name, storeName]) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open(name);
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve(false);
            open.onblocked = () => resolve(false);
            open.onsuccess = () => {
              const has = open.result.objectStoreNames.contains(storeName);
              open.result.close();
              resolve(has);
            };
          }),
        [dbName, store] as const,
      ),
    `the app to create "${store}" in ${dbName}`,
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

/**
 * Replaces every row of `store` with `rows`, with raw IndexedDB in the page, in
 * chunks so no single message to the browser gets large.
 */
export async function seedStore(
  page: Page,
  dbName: string,
  store: string,
  rows: readonly object[],
): Promise<void> {
  for (let start = 0; start === 0 || start < rows.length; start += CHUNK) {
    await page.evaluate(
      ([name, storeName, chunk, clear]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(new Error(`cannot open ${name}: ${String(open.error)}`));
          // Fail rather than hang: a seed nothing answers would stop the whole run.
          open.onblocked = () => reject(new Error(`opening ${name} is blocked`));
          // No database yet: the app creates it (see `waitForStore`), never the seeding.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onsuccess = () => {
            const db = open.result;
            let tx: PageTransaction;
            try {
              tx = db.transaction(storeName, 'readwrite');
              const os = tx.objectStore(storeName);
              if (clear) os.clear();
              for (const row of chunk) os.put(row);
            } catch (error) {
              // Thrown in an event handler it would reach no one, and the open
              // connection would hold the app's upgrade up.
              db.close();
              reject(new Error(`cannot write ${storeName}: ${String(error)}`));
              return;
            }
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => {
              db.close();
              reject(new Error(`cannot write ${storeName}: ${String(tx.error)}`));
            };
            tx.onabort = () => {
              db.close();
              reject(new Error(`writing ${storeName} was aborted: ${String(tx.error)}`));
            };
          };
        }),
      [dbName, store, rows.slice(start, start + CHUNK), start === 0] as const,
    );
  }
}
