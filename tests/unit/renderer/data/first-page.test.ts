import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PET_STATUSES, type Pet, type PetStatus } from '../../../../electron/contract/pet';
import type { KennelDb } from '../../../../src/data/db';
import { profileDbName } from '../../../../src/data/db-name';
import { openCacheReader, type CacheReader } from '../../../../src/data/first-page';
import { pendingOrder } from '../../../../src/data/order';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { countPets, petsPage, STATUS_FILTERS, upsertServicePets } from '../../../../src/data/pets';
import { cachedPetProblem } from '../../../../src/data/row-checks';
import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS } from '../../../../src/data/schema';
import { dbAtVersions, freshIdb, freshProfileDb } from './test-db';
import { cachedPet, cachedPets } from '../support/service-pets';

// petsPage hands damaged rows to a quarantine step that deletes them a moment
// later, on a timer, between the reads being compared: the timers are held
// meanwhile (IndexedDB runs on setImmediate), and the step runs at the end,
// on databases being closed, where it leaves the rows as they are.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

const NAME = profileDbName('local');

const opened: { close(): void }[] = [];

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  for (const connection of opened.splice(0)) connection.close();
});

/** A Dexie database of the `local` profile, closed after the test. */
function kennelDb(idb: ReturnType<typeof freshIdb>): KennelDb {
  const db = freshProfileDb('local', idb);
  opened.push(db);
  return db;
}

function openReader(idb: ReturnType<typeof freshIdb>): Promise<CacheReader | null> {
  return openCacheReader(NAME, idb.indexedDB, idb.IDBKeyRange).then((reader) => {
    if (reader !== null) opened.push(reader);
    return reader;
  });
}

async function mustOpen(idb: ReturnType<typeof freshIdb>): Promise<CacheReader> {
  const reader = await openReader(idb);
  if (reader === null) throw new Error('expected a reader');
  return reader;
}

/** Writes rows no check would pass, as a damaged or foreign writer might leave them. */
async function putRaw(db: KennelDb, rows: unknown[]): Promise<void> {
  await (db.pets as unknown as { bulkPut(rows: unknown[]): Promise<unknown> }).bulkPut(rows);
}

/** The names of the databases that exist in `idb`. */
async function databaseNames(idb: ReturnType<typeof freshIdb>): Promise<(string | undefined)[]> {
  return (await idb.indexedDB.databases()).map((info) => info.name);
}

/** Every status in turn, and none every fourth animal. */
const statusOf = (i: number): { status?: PetStatus } => {
  const status = PET_STATUSES[i % 4];
  return status === undefined ? {} : { status };
};
// Ids out of step with the order rows are written in, so index order is not insertion order.
const idOf = (i: number): string => String(1 + ((i * 7919) % 1000)) + String(i).padStart(3, '0');

describe('a page read without Dexie', () => {
  it('gives what petsPage gives, for every filter (no status too), offset and limit', async () => {
    const idb = freshIdb();
    const db = kennelDb(idb);
    // Synced and pending animals, written in turns so each status holds both.
    for (let batch = 0; batch < 10; batch++) {
      const pets: Pet[] = [];
      for (let i = batch * 30; i < batch * 30 + 30; i++) {
        pets.push({ id: idOf(i), name: `n${i}`, categoryId: '1', ...statusOf(i) });
      }
      await upsertServicePets(db, pets);
      for (let i = batch * 4; i < batch * 4 + 4; i++) {
        const input = { name: `p${i}`, categoryId: '2', ...statusOf(i) };
        await enqueueIntake(db, 'local', input);
      }
    }
    const reader = await mustOpen(idb);

    for (const filter of STATUS_FILTERS) {
      const count = await countPets(db, filter);
      expect(count).toBeGreaterThan(filter === 'all' ? 300 : 80);
      const middle = Math.floor(count / 2);
      const pages: [number, number][] = [
        [0, 30],
        [0, 1000],
        [middle, 40],
        [count - 7, 20],
        [count, 20],
        [count + 50, 20],
        [3.7, 9.9],
        [-5, 4],
        [10, 0],
        [10, -3],
      ];
      for (const [offset, limit] of pages) {
        const expected = await petsPage(db, filter, offset, limit);
        expect(await reader.page(filter, offset, limit), `${filter} ${offset}+${limit}`).toEqual(
          expected,
        );
      }
      const whole = await reader.page(filter, 0, 1000);
      expect(whole).toHaveLength(count);
      // Pending animals lead every list, synced ones follow.
      const pending = whole.filter((pet) => pet.pending === 1).length;
      expect(pending).toBeGreaterThanOrEqual(10);
      expect(whole.slice(0, pending).every((pet) => pet.pending === 1)).toBe(true);
      expect(await reader.page(filter, middle, 40)).toHaveLength(40);
      const wanted = filter === 'none' ? null : filter;
      if (filter !== 'all') expect(whole.every((pet) => pet.status === wanted)).toBe(true);
    }
  });

  it("bounds a status as Dexie's minKey and maxKey do", async () => {
    const idb = freshIdb();
    const db = kennelDb(idb);
    const pets: Pet[] = [];
    for (let i = 1; i <= 60; i++) {
      pets.push({ id: String(i), name: `n${i}`, categoryId: '1', ...statusOf(i) });
    }
    await upsertServicePets(db, pets);
    await enqueueIntake(db, 'local', { name: 'p', categoryId: '1', status: 'sold' });
    // Keys at the edges of a status's range, all on damaged rows: an order of
    // '' (the smallest string), of a string past '\uffff', and of an array
    // (which only `[status, [[]]]` takes in).
    const edges = ['', '\uffff\uffff', [], ['x']].map((order, i) => ({ key: `edge-${i}`, order }));
    await putRaw(
      db,
      edges.map((row) => ({ ...row, status: 'sold' })),
    );
    const reader = await mustOpen(idb);

    // Dexie's maxKey is `[[]]` where IndexedDB takes arrays in keys (browsers),
    // and '\uffff' where Dexie first loaded without an IndexedDB (here).
    for (const maxKey of [[[]], Dexie.maxKey] as const) {
      for (const status of PET_STATUSES) {
        const between: unknown[] = await db.pets
          .where('[status+order]')
          .between([status, Dexie.minKey], [status, maxKey], true, true)
          .toArray();
        const valid = between.filter((row) => cachedPetProblem(row) === null);
        expect(valid.length).toBeGreaterThan(10);
        expect(await reader.page(status, 0, 1000)).toEqual(valid);
      }
    }
  });

  it('leaves damaged rows out and reads on past them so the page stays full', async () => {
    const idb = freshIdb();
    const db = kennelDb(idb);
    const pets: Pet[] = [];
    for (let i = 1; i <= 20; i++) {
      pets.push({ id: String(i), name: `n${i}`, categoryId: '1', status: 'available' });
    }
    await upsertServicePets(db, pets);
    // Twins that sort right after animals 19, 18 and 17 in both indexes.
    await putRaw(
      db,
      (
        await cachedPets(
          [19, 18, 17].map((i) => ({
            id: String(i),
            name: 'twin',
            categoryId: '1',
            status: 'available',
          })),
        )
      ).map((row) => ({ ...row, key: `bad-${row.id}`, categoryId: 'not a number' })),
    );
    await putRaw(db, [{ ...(await db.pets.get(pets[14]?.id ?? '')), name: 42 }]);
    const reader = await mustOpen(idb);

    for (const filter of ['all', 'available'] as const) {
      const page = await reader.page(filter, 0, 5);
      expect(page.map((pet) => pet.id)).toEqual(['20', '19', '18', '17', '16']);
      const later = await reader.page(filter, 6, 5);
      expect(later.map((pet) => pet.id)).toEqual(['16', '14', '13', '12', '11']);
      expect(page).toEqual(await petsPage(db, filter, 0, 5));
      expect(later).toEqual(await petsPage(db, filter, 6, 5));
    }
  });

  it('reads on past damage only as often as petsPage does', async () => {
    const idb = freshIdb();
    const db = kennelDb(idb);
    await upsertServicePets(db, [
      { id: '1', name: 'one', categoryId: '1', status: 'sold' },
      { id: '2', name: 'two', categoryId: '1', status: 'sold' },
      { id: '3', name: 'three', categoryId: '1', status: 'sold' },
    ]);
    // Ten damaged rows ahead of every animal: with pages of 3, the fourth read
    // is the last and finds one more damaged row and two animals.
    await putRaw(
      db,
      Array.from({ length: 10 }, (_, i) => ({
        key: `bad-${i}`,
        status: 'sold',
        order: pendingOrder(i),
      })),
    );
    const reader = await mustOpen(idb);
    for (const filter of ['all', 'sold'] as const) {
      const page = await reader.page(filter, 0, 3);
      expect(page.map((pet) => pet.name)).toEqual(['three', 'two']);
      expect(page).toEqual(await petsPage(db, filter, 0, 3));
    }
  });
});

describe('when there is no usable cache', () => {
  it('gives null for a database that does not exist, and does not create it', async () => {
    const idb = freshIdb();
    expect(await openReader(idb)).toBeNull();
    expect(await databaseNames(idb)).toEqual([]);

    // Dexie then creates it with its own schema, and the reader can use it.
    const db = kennelDb(idb);
    await db.open();
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);
    expect(await databaseNames(idb)).toEqual([NAME]);
    await upsertServicePets(db, [{ id: '1', name: 'one', categoryId: '1' }]);
    const reader = await mustOpen(idb);
    expect((await reader.page('all', 0, 10)).map((pet) => pet.name)).toEqual(['one']);
  });

  it('gives null for a schema without the list indexes, and leaves its upgrade to Dexie', async () => {
    const idb = freshIdb();
    const v1 = dbAtVersions(NAME, idb, SCHEMA_VERSIONS.slice(0, 1));
    await v1.pets.put({
      ...(await cachedPet({ id: '1', name: 'one', categoryId: '1' })),
      order: '',
    });
    v1.close();

    expect(await openReader(idb)).toBeNull();
    // The reader's connection is gone, or the upgrade below would wait on it.
    const db = kennelDb(idb);
    await db.open();
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);
    expect((await petsPage(db, 'all', 0, 10)).map((pet) => pet.name)).toEqual(['one']);
  });

  it('gives null for a database without the pets store', async () => {
    const idb = freshIdb();
    await new Promise<void>((resolve, reject) => {
      const request = idb.indexedDB.open(NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('other');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(await openReader(idb)).toBeNull();
  });

  it('gives null when there is no IndexedDB at all', async () => {
    expect(await openCacheReader(NAME, undefined, undefined)).toBeNull();
    const broken = {
      open: () => {
        throw new Error('no IndexedDB here');
      },
    } as unknown as IDBFactory;
    expect(await openCacheReader(NAME, broken, freshIdb().IDBKeyRange)).toBeNull();
  });
});

describe('the connection', () => {
  it('never blocks Dexie: an upgrade closes it, and its pages then reject', async () => {
    const idb = freshIdb();
    const v2 = dbAtVersions(NAME, idb, SCHEMA_VERSIONS.slice(0, 2));
    const rows = await cachedPets(
      ['1', '2', '3'].map((id) => ({ id, name: `n${id}`, categoryId: '1', status: 'available' })),
    );
    await v2.pets.bulkPut(rows);
    v2.close();
    const reader = await mustOpen(idb);
    expect((await reader.page('available', 0, 2)).map((pet) => pet.id)).toEqual(['3', '2']);

    const db = kennelDb(idb);
    const blocked = vi.fn();
    db.on('blocked', blocked);
    await db.open();
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);
    expect(blocked).not.toHaveBeenCalled();
    await expect(reader.page('all', 0, 2)).rejects.toThrow();
    expect(await petsPage(db, 'all', 0, 2)).toEqual([rows[2], rows[1]]);
  }, 5_000);

  it('rejects pages once closed, and closes more than once without harm', async () => {
    const idb = freshIdb();
    const db = kennelDb(idb);
    await upsertServicePets(db, [{ id: '1', name: 'one', categoryId: '1' }]);
    const reader = await mustOpen(idb);
    expect(await reader.page('all', 0, 1)).toHaveLength(1);
    reader.close();
    reader.close();
    await expect(reader.page('all', 0, 1)).rejects.toThrow();
    await expect(reader.page('sold', 0, 1)).rejects.toThrow();
  });
});
