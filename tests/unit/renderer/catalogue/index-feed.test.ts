import { afterEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import { IndexFeed } from '../../../../src/catalogue/index-feed';
import { KennelDb, type CachedPet } from '../../../../src/data/db';
import { profileDbName } from '../../../../src/data/db-name';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
import { isCachedPet } from '../../../../src/data/row-checks';
import { freshIdb, freshProfileDb } from '../data/test-db';
import { cachedPet, putServicePets } from '../support/service-pets';

const running: IndexFeed[] = [];
const opened: KennelDb[] = [];

afterEach(() => {
  for (const feed of running.splice(0)) feed.stop();
  for (const db of opened.splice(0)) db.close();
});

interface Followed {
  feed: IndexFeed;
  /** How many times the feed said it applied a change. */
  changes: () => number;
}

async function follow(db: KennelDb): Promise<Followed> {
  let changes = 0;
  const feed = new IndexFeed(db, { onChange: () => (changes += 1) });
  running.push(feed);
  await feed.start();
  return { feed, changes: () => changes };
}

function pets(firstId: number, count: number, status = 'available'): Pet[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(firstId + i),
    name: `Pet ${firstId + i}`,
    categoryId: String(1 + (i % 6)),
    status,
  }));
}

/** Puts rows as a refresh long ago left them: older than anything an incremental read looks at. */
function putOld(db: KennelDb, list: Pet[], at = Date.now() - 600_000): Promise<void> {
  return putServicePets(db, list, { now: at });
}

function indexed(feed: IndexFeed): CachedPet[] {
  return feed.index.query({ filter: 'all', search: '', sort: null });
}

/** The index holds exactly the valid rows of the table, as stored. */
async function expectInStep(feed: IndexFeed, db: KennelDb): Promise<void> {
  const stored: unknown[] = await db.pets.orderBy('order').toArray();
  expect(indexed(feed)).toEqual(stored.filter(isCachedPet));
}

/**
 * The row objects the index holds, by key. A row the feed did not read again
 * is the very object it held before; a full rebuild replaces every one.
 */
function held(feed: IndexFeed): Map<string, CachedPet> {
  return new Map(indexed(feed).map((row) => [row.key, row]));
}

function keptObjects(before: Map<string, CachedPet>, feed: IndexFeed, keys: string[]): number {
  const after = held(feed);
  return keys.filter((key) => after.get(key) === before.get(key)).length;
}

describe('IndexFeed', () => {
  it('builds again on the next change when its first build could not read the table', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 3));
    db.close({ disableAutoOpen: true });
    const { feed } = await follow(db);
    expect(feed.ready).toBe(false);
    // Kept, so the list can say why search cannot answer.
    expect(feed.error).not.toBeNull();

    await db.open();
    await upsertServicePets(db, pets(10, 1));
    await feed.settled();
    await expect.poll(() => feed.ready).toBe(true);
    await feed.settled();
    await expectInStep(feed, db);
    expect(feed.index.size).toBe(4);
    expect(feed.error).toBeNull();
  });

  it('builds the index from every row on start, across read chunks', async () => {
    const db = freshProfileDb();
    // Several build chunks (1,000 rows each), so the build has to continue where it stopped.
    await putOld(db, pets(1, 5_050));
    await enqueueIntake(db, 'local', { name: 'Queued', categoryId: '3' });
    const { feed, changes } = await follow(db);
    expect(feed.ready).toBe(true);
    expect(changes()).toBe(1);
    expect(feed.index.size).toBe(5_051);
    await expectInStep(feed, db);
  });

  it('leaves damaged rows out of the index, also after later writes', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 3));
    await db.pets.put({ ...(await cachedPet(pets(4, 1)[0]!)), categoryId: 'seven' });
    await putServicePets(db, pets(5, 1));
    const { feed } = await follow(db);
    expect([...held(feed).keys()].sort()).toEqual(['1', '2', '3', '5']);

    // The damaged row is known to be left out: a large write reads only what changed.
    const before = held(feed);
    await upsertServicePets(db, pets(100, 60));
    await feed.settled();
    expect(feed.index.size).toBe(64);
    expect(feed.index.has('4')).toBe(false);
    expect(keptObjects(before, feed, ['1', '2', '3'])).toBe(3);
  });

  it('follows small writes by key: an intake, a sync, a rename and a delete', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 40));
    const { feed, changes } = await follow(db);
    const untouched = pets(1, 30).map((pet) => pet.id);
    const before = held(feed);

    const queued = await enqueueIntake(db, 'local', { name: 'Mochi', categoryId: '4' });
    await feed.settled();
    expect(feed.index.has(queued.localKey)).toBe(true);
    expect(feed.index.pendingKeys()).toEqual([queued.localKey]);
    await expectInStep(feed, db);

    const [entry] = await readOutbox(db);
    await completeEntry(db, entry!, { id: '500', name: 'Mochi', categoryId: '4' });
    await feed.settled();
    expect(feed.index.has(queued.localKey)).toBe(false);
    expect(feed.index.pendingKeys()).toEqual([]);
    await expectInStep(feed, db);

    await upsertServicePets(db, [{ id: '35', name: 'Renamed', categoryId: '1', status: 'sold' }]);
    await feed.settled();
    expect(feed.index.query({ filter: 'sold', search: 'renamed', sort: null })).toHaveLength(1);

    await db.pets.bulkDelete(['36', '37']);
    await feed.settled();
    expect(feed.index.has('36') || feed.index.has('37')).toBe(false);
    await expectInStep(feed, db);

    // Each write was applied by itself, and rows nobody wrote were not read again.
    expect(changes()).toBe(1 + 4);
    expect(keptObjects(before, feed, untouched)).toBe(untouched.length);
  });

  it('follows a large write (a refresh page of 100) with an incremental read, not a rebuild', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 200));
    // The newest row held; the old ones lie well before what the incremental read looks at.
    await putServicePets(db, pets(201, 1), { now: Date.now() - 1_000 });
    const { feed, changes } = await follow(db);
    const untouched = pets(1, 150).map((pet) => pet.id);
    const before = held(feed);

    // 50 known animals that changed status and 50 new ones, as one page.
    await upsertServicePets(db, [...pets(151, 50, 'sold'), ...pets(1_000, 50, 'pending')]);
    await feed.settled();

    expect(changes()).toBe(2);
    expect(feed.index.size).toBe(251);
    expect(feed.index.counts()).toMatchObject({ available: 151, sold: 50, pending: 50 });
    await expectInStep(feed, db);
    expect(keptObjects(before, feed, untouched)).toBe(untouched.length);
  });

  it('drops waiting rows that a large write took away, without a rebuild', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 100));
    const queued = await enqueueIntake(db, 'local', { name: 'Biscuit', categoryId: '2' });
    const { feed } = await follow(db);
    const untouched = pets(1, 100).map((pet) => pet.id);
    const before = held(feed);

    // One transaction: the waiting row goes and a page of 60 comes in.
    await db.transaction('rw', db.pets, async () => {
      await db.pets.delete(queued.localKey);
      await upsertServicePets(db, pets(2_000, 60));
    });
    await feed.settled();

    expect(feed.index.has(queued.localKey)).toBe(false);
    expect(feed.index.size).toBe(160);
    await expectInStep(feed, db);
    expect(keptObjects(before, feed, untouched)).toBe(untouched.length);
  });

  it('rebuilds when an incremental read leaves the counts apart', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 10));
    await putServicePets(db, pets(11, 1));
    const { feed } = await follow(db);
    const before = held(feed);

    // Rows stamped long before anything held: the incremental read cannot see them.
    await putOld(db, pets(100, 60), 1);
    await feed.settled();

    expect(feed.index.size).toBe(71);
    await expectInStep(feed, db);
    // Everything was read again.
    expect(keptObjects(before, feed, ['1', '2', '3'])).toBe(0);
  });

  it('follows a cleared table', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 80));
    const { feed } = await follow(db);
    await db.pets.clear();
    await feed.settled();
    expect(feed.index.size).toBe(0);
    expect(feed.index.counts().all).toBe(0);
  });

  it('follows writes another window makes through its own connection to the database', async () => {
    const idb = freshIdb();
    const db = freshProfileDb('local', idb);
    await putOld(db, pets(1, 20));
    const { feed } = await follow(db);
    // Another window: a second Dexie instance of the same database.
    const other = new KennelDb(profileDbName('local'), idb);
    opened.push(other);

    await upsertServicePets(other, pets(300, 100, 'pending'));
    await feed.settled();
    expect(feed.index.size).toBe(120);
    expect(feed.index.counts().pending).toBe(100);

    const queued = await enqueueIntake(other, 'local', { name: 'Nori', categoryId: '5' });
    await other.pets.delete('5');
    await feed.settled();
    expect(feed.index.has(queued.localKey)).toBe(true);
    expect(feed.index.has('5')).toBe(false);
    expect(feed.index.query({ filter: 'all', search: 'nori', sort: null })).toHaveLength(1);
    await expectInStep(feed, db);
  });

  it("ignores another profile's database", async () => {
    const idb = freshIdb();
    const db = freshProfileDb('local', idb);
    await putOld(db, pets(1, 5));
    const { feed, changes } = await follow(db);
    const staging = freshProfileDb('staging', idb);
    opened.push(staging);

    await upsertServicePets(staging, pets(1, 100, 'sold'));
    await putServicePets(staging, pets(900, 1));
    await feed.settled();

    expect(changes()).toBe(1);
    expect(feed.index.size).toBe(5);
    expect(feed.index.counts().sold).toBe(0);
  });

  it('stops following on stop()', async () => {
    const db = freshProfileDb();
    await putOld(db, pets(1, 5));
    const { feed, changes } = await follow(db);
    feed.stop();
    await upsertServicePets(db, pets(10, 60));
    await putServicePets(db, pets(100, 1));
    await feed.settled();
    expect(feed.index.size).toBe(5);
    expect(changes()).toBe(1);
  });
});
