// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useLiveQuery } from '../../../../src/composables/live-query';
import { enqueueIntake } from '../../../../src/data/intake';
import { countPets, type StatusFilter } from '../../../../src/data/pets';
import { freshDb } from '../support/real-core';

/** Waits until `check` passes; liveQuery answers arrive asynchronously. */
async function eventually(check: () => void): Promise<void> {
  let lastError: unknown;
  for (let i = 0; i < 200; i++) {
    try {
      check();
      return;
    } catch (err) {
      lastError = err;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  throw lastError;
}

describe('useLiveQuery', () => {
  it('follows writes to the database and changes of its inputs, and stops with its scope', async () => {
    const db = freshDb();
    const filter = ref<StatusFilter>('all');
    const scope = effectScope();
    const count = scope.run(() =>
      useLiveQuery({ source: () => filter.value, query: (f) => countPets(db, f), initial: -1 }),
    );
    if (count === undefined) throw new Error('scope did not run');

    await eventually(() => expect(count.value.value).toBe(0));
    await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '1', status: 'sold' });
    await enqueueIntake(db, 'local', { name: 'Ivy', categoryId: '1', status: 'available' });
    await eventually(() => expect(count.value.value).toBe(2));

    filter.value = 'sold';
    await nextTick();
    await eventually(() => expect(count.value.value).toBe(1));

    scope.stop();
    await enqueueIntake(db, 'local', { name: 'Max', categoryId: '1', status: 'sold' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count.value.value).toBe(1);
  });

  it('reports a failing query as an error instead of throwing', async () => {
    const scope = effectScope();
    const result = scope.run(() =>
      useLiveQuery({
        source: () => 0,
        query: () => Promise.reject(new Error('disk gone')),
        initial: 'start',
      }),
    );
    if (result === undefined) throw new Error('scope did not run');
    await eventually(() => expect(result.error.value).toBeInstanceOf(Error));
    expect(result.value.value).toBe('start');
    scope.stop();
  });
});
