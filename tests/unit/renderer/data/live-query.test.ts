// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref, shallowRef } from 'vue';
import type { Subscription } from 'dexie';
import { useLiveQuery } from '../../../../src/data/live-query';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { countPets, type StatusFilter } from '../../../../src/data/pets';
import { eventually } from '../../../helpers/eventually';
import { freshDb } from '../support/real-core';

// Dexie's own liveQuery, with every subscription it hands out recorded, so a
// test can see whether one is still open rather than wait to see nothing happen.
const opened = vi.hoisted(() => [] as Subscription[]);
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof import('dexie')>();
  const liveQuery: typeof dexie.liveQuery = (querier) => {
    const observable = dexie.liveQuery(querier);
    const subscribe = observable.subscribe.bind(observable) as (...args: unknown[]) => Subscription;
    return Object.assign(Object.create(observable) as typeof observable, {
      subscribe: (...args: unknown[]) => {
        const subscription = subscribe(...args);
        opened.push(subscription);
        return subscription;
      },
    });
  };
  return { ...dexie, liveQuery };
});

describe('useLiveQuery', () => {
  it('follows writes to the database and changes of its inputs, and stops with its scope', async () => {
    opened.length = 0;
    const db = freshDb();
    const filter = ref<StatusFilter>('all');
    const scope = effectScope();
    const count = scope.run(() =>
      useLiveQuery({
        db: () => db,
        source: () => filter.value,
        query: (d, f) => countPets(d, f),
        initial: -1,
      }),
    );
    if (count === undefined) throw new Error('scope did not run');

    await eventually(() => expect(count.value.value).toBe(0));
    await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '1', status: 'sold' });
    await enqueueIntake(db, 'local', { name: 'Ivy', categoryId: '1', status: 'available' });
    await eventually(() => expect(count.value.value).toBe(2));
    expect(opened.map((s) => s.closed)).toEqual([false]);

    // A new input replaces the subscription; the old one is closed.
    filter.value = 'sold';
    await nextTick();
    await eventually(() => expect(count.value.value).toBe(1));
    expect(opened.map((s) => s.closed)).toEqual([true, false]);

    scope.stop();
    expect(opened.map((s) => s.closed)).toEqual([true, true]);

    // A write after the stop reaches a query that is still open, not the stopped one.
    const witness = effectScope();
    const seen = witness.run(() =>
      useLiveQuery({
        db: () => db,
        source: () => 'sold' as const,
        query: (d, f) => countPets(d, f),
        initial: -1,
      }),
    );
    await enqueueIntake(db, 'local', { name: 'Max', categoryId: '1', status: 'sold' });
    await eventually(() => expect(seen?.value.value).toBe(2));
    expect(count.value.value).toBe(1);
    witness.stop();
  });

  it('reports a failing query as an error instead of throwing, and clears it on the next answer', async () => {
    const db = freshDb();
    const fail = ref(true);
    const scope = effectScope();
    const result = scope.run(() =>
      useLiveQuery({
        db: () => db,
        source: () => fail.value,
        query: (_db, failing) =>
          failing ? Promise.reject(new Error('disk gone')) : Promise.resolve('read'),
        initial: 'start',
      }),
    );
    if (result === undefined) throw new Error('scope did not run');
    await eventually(() => expect(result.error.value).toBeInstanceOf(Error));
    expect(result.value.value).toBe('start');

    fail.value = false;
    await eventually(() => expect(result.value.value).toBe('read'));
    expect(result.error.value).toBeNull();
    scope.stop();
  });

  it('waits while the database is not there yet, then follows it', async () => {
    opened.length = 0;
    const db = freshDb();
    await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '1', status: 'sold' });
    const loaded = shallowRef<KennelDb | null>(null);
    const scope = effectScope();
    const count = scope.run(() =>
      useLiveQuery({ db: () => loaded.value, query: (d) => countPets(d, 'all'), initial: -1 }),
    );
    if (count === undefined) throw new Error('scope did not run');

    expect(opened).toHaveLength(0);

    // A witness asks the same of the database, later: once its answer came,
    // one the waiting query had asked for would have come before it.
    const witness = effectScope();
    const seen = witness.run(() =>
      useLiveQuery({ db: () => db, query: (d) => countPets(d, 'all'), initial: -1 }),
    );
    await eventually(() => expect(seen?.value.value).toBe(1));
    witness.stop();
    expect(count.value.value).toBe(-1);
    expect(opened).toHaveLength(1);

    loaded.value = db;
    await eventually(() => expect(count.value.value).toBe(1));
    expect(opened.map((s) => s.closed)).toEqual([true, false]);
    scope.stop();
    expect(opened.map((s) => s.closed)).toEqual([true, true]);
  });
});
