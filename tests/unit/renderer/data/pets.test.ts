import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import type { CachedPet } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import {
  auditPets,
  cacheServicePet,
  countPets,
  findCachedPet,
  knownBefore,
  petsPage,
  upsertServicePets,
} from '../../../../src/data/pets';
import { quarantineCount, quarantinedRows } from '../../../../src/data/quarantine';
import { freshProfileDb } from './test-db';
import { eventually } from '../../../helpers/eventually';
import { cachedPet, putServicePets } from '../support/service-pets';

const big = (n: bigint): string => (9007199254740993n + n).toString(); // above 2^53

describe('list order and filters', () => {
  it('lists pending animals first in intake order, then synced newest first', async () => {
    const db = freshProfileDb();
    await upsertServicePets(db, [
      { id: '9', name: 'nine', categoryId: '1', status: 'available' },
      { id: big(1n), name: 'big1', categoryId: '1', status: 'sold' },
      { id: '10', name: 'ten', categoryId: '1' },
      { id: big(0n), name: 'big0', categoryId: '1', status: 'available' },
      { id: '9223372036854775807', name: 'max', categoryId: '1', status: 'available' },
    ]);
    await enqueueIntake(db, 'local', { name: 'p1', categoryId: '1', status: 'available' });
    await enqueueIntake(db, 'local', { name: 'p2', categoryId: '1' });

    const all = await petsPage(db, 'all', 0, 100);
    expect(all.map((p) => p.name)).toEqual(['p1', 'p2', 'max', 'big1', 'big0', 'ten', 'nine']);
    expect(await countPets(db, 'all')).toBe(7);

    const available = await petsPage(db, 'available', 0, 100);
    expect(available.map((p) => p.name)).toEqual(['p1', 'max', 'big0', 'nine']);
    expect(await countPets(db, 'available')).toBe(4);
    expect(await countPets(db, 'pending')).toBe(0);

    // No index holds a null status; the filter still finds these, waiting ones first.
    const none = await petsPage(db, 'none', 0, 100);
    expect(none.map((p) => p.name)).toEqual(['p2', 'ten']);
    expect(await countPets(db, 'none')).toBe(2);
    expect((await petsPage(db, 'none', 1, 100)).map((p) => p.name)).toEqual(['ten']);
  });

  it('counts and pages the animals without a status over a large cache, damaged rows aside', async () => {
    const db = freshProfileDb();
    const pets: Pet[] = [];
    for (let i = 1; i <= 3000; i++) {
      pets.push({
        id: String(i),
        name: `n${i}`,
        categoryId: '1',
        ...(i % 7 === 0 ? {} : { status: 'sold' }),
      });
    }
    await upsertServicePets(db, pets);
    expect(await countPets(db, 'none')).toBe(428);
    expect(await countPets(db, 'sold')).toBe(3000 - 428);
    const page = await petsPage(db, 'none', 10, 3);
    expect(page.map((p) => p.id)).toEqual(['2926', '2919', '2912']);
    expect(page.every((p) => p.status === null)).toBe(true);
    expect(await petsPage(db, 'none', 427, 10)).toHaveLength(1);
  });

  it('pages with offset and limit over a large cache', async () => {
    const db = freshProfileDb();
    const pets: Pet[] = [];
    for (let i = 1; i <= 3000; i++) {
      pets.push({
        id: String(i),
        name: `n${i}`,
        categoryId: '1',
        status: i % 3 === 0 ? 'sold' : 'available',
      });
    }
    await upsertServicePets(db, pets);
    const page = await petsPage(db, 'all', 100, 5);
    expect(page.map((p) => p.id)).toEqual(['2900', '2899', '2898', '2897', '2896']);
    const sold = await petsPage(db, 'sold', 10, 3);
    expect(sold.map((p) => p.id)).toEqual(['2970', '2967', '2964']);
    expect(await countPets(db, 'sold')).toBe(1000);
    expect(await petsPage(db, 'all', 2999, 10)).toHaveLength(1);
    expect(await petsPage(db, 'all', 0, 0)).toEqual([]);
  });
});

describe('writes from the service', () => {
  it('upsert never deletes what a page did not return, and updates what it did', async () => {
    const db = freshProfileDb();
    await upsertServicePets(db, [
      { id: '1', name: 'one', categoryId: '1' },
      { id: '2', name: 'two', categoryId: '1' },
    ]);
    const pending = await enqueueIntake(db, 'local', { name: 'new', categoryId: '1' });
    await upsertServicePets(db, [
      { id: '2', name: 'two renamed', categoryId: '3', status: 'sold' },
    ]);
    expect(await countPets(db, 'all')).toBe(3);
    expect(await findCachedPet(db, '1')).toMatchObject({ name: 'one' });
    expect(await findCachedPet(db, '2')).toMatchObject({
      name: 'two renamed',
      categoryId: '3',
      status: 'sold',
      pending: 0,
      outboxId: null,
    });
    expect(await findCachedPet(db, pending.localKey)).toMatchObject({ pending: 1 });
  });

  it('caches one animal and finds it by id', async () => {
    const db = freshProfileDb();
    await cacheServicePet(db, { id: big(5n), name: 'solo', categoryId: big(6n) });
    expect(await findCachedPet(db, big(5n))).toMatchObject({
      key: big(5n),
      id: big(5n),
      categoryId: big(6n),
      status: null,
    });
    expect(await findCachedPet(db, '404')).toBeUndefined();
  });
});

describe('when each animal was first seen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Runs `write` with the clock reading `at`. */
  async function at<T>(time: number, write: () => Promise<T>): Promise<T> {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(time);
    try {
      return await write();
    } finally {
      clock.mockRestore();
    }
  }

  it('upsert keeps firstSeenAt of known rows and sets it for new ones', async () => {
    const db = freshProfileDb();
    await at(1_000, () => upsertServicePets(db, [{ id: '1', name: 'one', categoryId: '1' }]));
    await at(5_000, () =>
      upsertServicePets(db, [
        { id: '1', name: 'one renamed', categoryId: '2', status: 'sold' },
        { id: '2', name: 'two', categoryId: '1' },
      ]),
    );
    expect(await findCachedPet(db, '1')).toMatchObject({
      name: 'one renamed',
      updatedAt: 5_000,
      firstSeenAt: 1_000,
    });
    expect(await findCachedPet(db, '2')).toMatchObject({ updatedAt: 5_000, firstSeenAt: 5_000 });
    await at(9_000, () => cacheServicePet(db, { id: '2', name: 'two', categoryId: '1' }));
    expect(await findCachedPet(db, '2')).toMatchObject({ updatedAt: 9_000, firstSeenAt: 5_000 });
  });

  it('a stored row without a usable firstSeenAt counts as new after an upsert', async () => {
    const db = freshProfileDb();
    const raw = db.pets as unknown as { put(row: unknown): Promise<unknown> };
    const legacy: Record<string, unknown> = {
      ...(await cachedPet({ id: '3', name: 'c', categoryId: '1' })),
    };
    delete legacy.firstSeenAt;
    await raw.put(legacy);
    await at(7_000, () => upsertServicePets(db, [{ id: '3', name: 'c', categoryId: '1' }]));
    expect(await findCachedPet(db, '3')).toMatchObject({ updatedAt: 7_000, firstSeenAt: 7_000 });
  });

  it('knownBefore names the ids cached before a time, not those first seen at or after it', async () => {
    const db = freshProfileDb();
    for (const [id, name, firstSeenAt] of [
      ['10', 'old', 1_000],
      ['11', 'edge', 5_000],
      ['12', 'new', 8_000],
    ] as const) {
      await putServicePets(db, [{ id, name, categoryId: '1' }], { now: 9_000, firstSeenAt });
    }
    // A pending animal is keyed locally: its service id is not known yet.
    await enqueueIntake(db, 'local', { name: 'pending', categoryId: '1' });
    const known = await knownBefore(db, ['10', '11', '12', '13'], 5_000);
    expect([...known]).toEqual(['10']);
    expect(await knownBefore(db, [], 5_000)).toEqual(new Set());
    expect(await knownBefore(db, ['10', '11', '12'], 8_001)).toEqual(new Set(['10', '11', '12']));
  });

  it('knownBefore treats a row without a usable firstSeenAt as maybe new, never as known', async () => {
    const db = freshProfileDb();
    const raw = db.pets as unknown as { put(row: unknown): Promise<unknown> };
    await raw.put({
      ...(await cachedPet({ id: '20', name: 'odd', categoryId: '1' })),
      firstSeenAt: 'yesterday',
    });
    expect(await knownBefore(db, ['20'], 1)).toEqual(new Set());
  });
});

describe('validation on read', () => {
  async function withDamage() {
    const db = freshProfileDb();
    await upsertServicePets(db, [
      { id: '1', name: 'one', categoryId: '1' },
      { id: '2', name: 'two', categoryId: '1' },
      { id: '3', name: 'three', categoryId: '1' },
    ]);
    // Rows as a damaged or foreign writer might have left them.
    const raw = db.pets as unknown as { put(row: unknown): Promise<unknown> };
    const bad = { ...(await db.pets.get('2')), name: 42 };
    await raw.put(bad);
    await raw.put({ key: 'x', id: 'abc', order: '1:0', status: 'sold' });
    return { db, bad };
  }

  it('leaves damaged rows out of a full page, then moves them to quarantine', async () => {
    const { db, bad } = await withDamage();
    const page = await petsPage(db, 'all', 0, 3);
    expect(page.map((p) => p.name)).toEqual(['three', 'one']);
    // Reading wrote nothing; the move is a step of its own.
    expect(await quarantineCount(db)).toBe(0);
    await eventually(async () => expect(await quarantineCount(db)).toBe(2));
    const kept = await quarantinedRows(db);
    expect(kept.map((q) => q.table)).toEqual(['pets', 'pets']);
    expect(kept.map((q) => q.row)).toContainEqual(bad);
    expect(kept.every((q) => q.problem.length > 0)).toBe(true);
    expect(await countPets(db, 'all')).toBe(2);
  });

  it('reads on past damaged rows so a page stays full', async () => {
    const { db } = await withDamage();
    await upsertServicePets(db, [{ id: '0', name: 'zero', categoryId: '1' }]);
    expect((await petsPage(db, 'all', 0, 3)).map((p) => p.name)).toEqual(['three', 'one', 'zero']);
  });

  it('a bad row found by id is quarantined, not returned', async () => {
    const { db } = await withDamage();
    expect(await findCachedPet(db, '2')).toBeUndefined();
    await eventually(async () => expect(await quarantineCount(db)).toBe(1));
    expect(await findCachedPet(db, '3')).toMatchObject<Partial<CachedPet>>({ name: 'three' });
  });

  it('a row rewritten before the quarantine step ran is left where it is', async () => {
    const { db } = await withDamage();
    expect(await findCachedPet(db, '2')).toBeUndefined();
    await upsertServicePets(db, [{ id: '2', name: 'two again', categoryId: '1' }]);
    // A page read hands the other damaged row over after it: once that one is
    // moved, the step has been through the rewritten row too.
    await petsPage(db, 'all', 0, 3);
    await eventually(async () => expect(await quarantineCount(db)).toBe(1));
    expect((await quarantinedRows(db)).map((q) => (q.row as { key: string }).key)).toEqual(['x']);
    expect(await findCachedPet(db, '2')).toMatchObject({ name: 'two again' });
  });

  it('an audit finds rows no page can reach and keeps them in quarantine', async () => {
    const { db } = await withDamage();
    const raw = db.pets as unknown as { put(row: unknown): Promise<unknown> };
    await raw.put({ key: 'no-order', id: '5', name: 'lost', categoryId: '1' });
    expect(await countPets(db, 'all')).toBe(4);
    expect(await auditPets(db)).toBe(3);
    expect(await quarantineCount(db)).toBe(3);
    expect((await petsPage(db, 'all', 0, 10)).map((p) => p.name)).toEqual(['three', 'one']);
    expect(await auditPets(db)).toBe(0);
  });
});
