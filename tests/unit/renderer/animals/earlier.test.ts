import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import { duplicateKey } from '../../../../src/animals/duplicates';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { findEarlierByKeys, findRecentDuplicate } from '../../../../src/animals/earlier';
import { foldText } from '../../../../src/text/fold';
import { freshProfileDb } from '../data/test-db';
import { cachedPet, putServicePets } from '../support/service-pets';

// The specification: an animal is a possible duplicate for 30 days.
const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Puts `pet` in the cache as first seen on this computer at `seenAt`. */
async function cache(db: KennelDb, pet: Pet, seenAt: number): Promise<void> {
  await putServicePets(db, [pet], { now: NOW, firstSeenAt: seenAt });
}

/** Queues an animal as the add form does, at `at`; returns its pending row's key. */
async function queue(db: KennelDb, name: string, categoryId: string, at: number): Promise<string> {
  vi.spyOn(Date, 'now').mockReturnValue(at);
  const result = await enqueueIntake(db, 'local', { name, categoryId });
  vi.restoreAllMocks();
  return result.localKey;
}

const key = (name: string, categoryId: string): string => duplicateKey({ name, categoryId });

type Typed = { name: string; categoryId: string };

/** What the add form finds for each of `animals`, by duplicate key. */
async function findEarlier(db: KennelDb, animals: readonly Typed[], now: number) {
  const found = new Map<string, NonNullable<Awaited<ReturnType<typeof findRecentDuplicate>>>>();
  for (const animal of animals) {
    const earlier = await findRecentDuplicate(db, animal, now);
    if (earlier !== null) found.set(key(animal.name, animal.categoryId), earlier);
  }
  return found;
}

describe('the animals added here that new ones would repeat', () => {
  it('finds a cached animal by folded name and category, added when first seen here', async () => {
    const db = freshProfileDb();
    await cache(db, { id: '7', name: 'Bellá', categoryId: '2', status: 'available' }, NOW - DAY);
    await cache(db, { id: '8', name: 'Bella', categoryId: '3' }, NOW - DAY);
    await cache(db, { id: '9', name: 'Rex', categoryId: '2' }, NOW - DAY);

    const found = await findEarlier(db, [{ name: 'BELLA', categoryId: '2' }], NOW);

    // Fetched, not typed here: the service had it at least since then.
    expect([...found]).toEqual([
      [
        key('BELLA', '2'),
        { name: 'Bellá', categoryId: '2', addedAt: NOW - DAY, fromService: true },
      ],
    ]);
  });

  it('finds animals waiting in the queue, even when their pending row is gone', async () => {
    const db = freshProfileDb();
    const localKey = await queue(db, 'Rex', '4', NOW - 5 * MINUTE);
    await queue(db, 'Max', '4', NOW - 2 * MINUTE);
    await db.pets.delete(localKey);

    const found = await findEarlier(
      db,
      [
        { name: 'rex', categoryId: '4' },
        { name: 'Max', categoryId: '4' },
        { name: 'Luna', categoryId: '4' },
      ],
      NOW,
    );

    expect(found.get(key('rex', '4'))).toEqual({
      name: 'Rex',
      categoryId: '4',
      addedAt: NOW - 5 * MINUTE,
    });
    expect(found.get(key('Max', '4'))).toEqual({
      name: 'Max',
      categoryId: '4',
      addedAt: NOW - 2 * MINUTE,
    });
    expect(found.size).toBe(2);
  });

  it('counts only the last 30 days: exactly 30 days ago is in, a millisecond more is out', async () => {
    const db = freshProfileDb();
    const edge = NOW - DUPLICATE_WINDOW_MS;
    await cache(db, { id: '1', name: 'Inside', categoryId: '2' }, edge);
    await cache(db, { id: '2', name: 'Outside', categoryId: '2' }, edge - 1);
    await queue(db, 'Queued inside', '2', edge);
    const outsideKey = await queue(db, 'Queued outside', '2', edge - 1);
    // Its pending row was first seen at the same moment: outside as well.
    expect((await db.pets.get(outsideKey))?.firstSeenAt).toBe(edge - 1);

    const found = await findEarlier(
      db,
      ['Inside', 'Outside', 'Queued inside', 'Queued outside'].map((name) => ({
        name,
        categoryId: '2',
      })),
      NOW,
    );

    expect([...found.values()].map((animal) => animal.name).sort()).toEqual([
      'Inside',
      'Queued inside',
    ]);
  });

  it('gives the newest when several match, from the cache or the queue', async () => {
    const db = freshProfileDb();
    await cache(db, { id: '1', name: 'Bella', categoryId: '2' }, NOW - 10 * DAY);
    await queue(db, 'BELLA', '2', NOW - 3 * MINUTE);
    await cache(db, { id: '2', name: 'bella', categoryId: '2' }, NOW - 2 * DAY);
    await cache(db, { id: '3', name: 'Rex', categoryId: '5' }, NOW - 4 * DAY);
    await queue(db, 'Rex', '5', NOW - 20 * DAY);

    const found = await findEarlier(
      db,
      [
        { name: 'Bella', categoryId: '2' },
        { name: 'Rex', categoryId: '5' },
      ],
      NOW,
    );

    expect(found.get(key('Bella', '2'))).toEqual({
      name: 'BELLA',
      categoryId: '2',
      addedAt: NOW - 3 * MINUTE,
    });
    expect(found.get(key('Rex', '5'))).toEqual({
      name: 'Rex',
      categoryId: '5',
      addedAt: NOW - 4 * DAY,
      fromService: true,
    });
  });

  it('counts something added "in the future" by another clock', async () => {
    const db = freshProfileDb();
    await queue(db, 'Bella', '2', NOW + 5 * MINUTE);
    const found = await findEarlier(db, [{ name: 'Bella', categoryId: '2' }], NOW);
    expect(found.get(key('Bella', '2'))?.addedAt).toBe(NOW + 5 * MINUTE);
  });

  it('looks many rows up at once, with accents, case and spacing folded', async () => {
    const db = freshProfileDb();
    await cache(db, { id: '1', name: 'Zoë  Mae', categoryId: '3' }, NOW - DAY);
    await cache(db, { id: '2', name: 'Bjørn', categoryId: '3' }, NOW - DAY);
    await queue(db, 'Animal 250', '2', NOW - MINUTE);
    const animals = Array.from({ length: 500 }, (_, i) => ({
      name: `animal ${i}`,
      categoryId: '2',
    }));
    animals.push({ name: 'zoe mae', categoryId: '3' }, { name: 'BJORN', categoryId: '3' });

    // The import's look-up: its rows' keys, each with its category and folded name.
    const wanted = new Map(
      animals.map((animal) => [
        key(animal.name, animal.categoryId),
        [animal.categoryId, foldText(animal.name)] as const,
      ]),
    );
    const found = await findEarlierByKeys(db, wanted, NOW);

    expect([...found.keys()].sort()).toEqual(
      [key('animal 250', '2'), key('zoe mae', '3'), key('BJORN', '3')].sort(),
    );
  });

  it('skips invalid animals and reads nothing when none is valid', async () => {
    const db = freshProfileDb();
    await cache(db, { id: '1', name: 'Bella', categoryId: '2' }, NOW - DAY);
    const transaction = vi.spyOn(db, 'transaction');

    const found = await findEarlier(
      db,
      [
        { name: '', categoryId: '2' },
        { name: 'Bella', categoryId: 'Dog' },
      ],
      NOW,
    );

    expect(found.size).toBe(0);
    expect(transaction).not.toHaveBeenCalled();
  });

  it('skips damaged rows in the cache and the queue', async () => {
    const db = freshProfileDb();
    await db.pets.put({
      ...(await cachedPet({ id: '1', name: 'Bella', categoryId: '2' }, { now: NOW })),
      order: '',
    });
    await db.outbox.put({
      id: 'broken',
      seq: 1,
      profile: 'local',
      payload: { name: 'Bella', categoryId: '2' },
      idempotencyKey: '',
      localKey: 'local:broken',
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: NOW,
      nextAttemptAt: NOW,
    });

    const found = await findEarlier(db, [{ name: 'Bella', categoryId: '2' }], NOW);
    expect(found.size).toBe(0);
  });
});
