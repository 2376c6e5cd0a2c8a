// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { nextTick } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openProfileDb } from '../../../../src/data/db';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { useIntakeStore } from '../../../../src/stores/intake';
import { disposeStores, freshPinia } from '../support/test-pinia';

// Sending is the sync engine's business; here nothing is sent.
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({ syncNow: () => Promise.resolve() }),
}));

beforeEach(async () => {
  freshPinia();
  const db = openProfileDb('local');
  await db.pets.clear();
  await db.outbox.clear();
  await db.categories.clear();
});

afterEach(disposeStores);

async function storedNames(): Promise<string[]> {
  return (await readOutbox(openProfileDb('local'))).map((entry) => entry.payload.name);
}

const LONG = 'Sir Reginald '.repeat(11).trim();

describe('a long name in the add form', () => {
  it('is asked about first: nothing is queued or cleared until the user says so', async () => {
    expect(LONG.length).toBe(142);
    const intake = useIntakeStore();
    intake.name = LONG;
    intake.category = '2';

    expect(intake.submit()).toBe(false);
    expect(intake.longNameToConfirm).toBe(142);
    expect(intake.fieldErrors).toEqual({});
    expect([intake.name, intake.category]).toEqual([LONG, '2']);
    await intake.settled();
    expect(await storedNames()).toEqual([]);

    // Asked again, the same question: still nothing queued.
    expect(intake.submit()).toBe(false);
    expect(intake.longNameToConfirm).toBe(142);

    expect(intake.submit({ longNameConfirmed: true })).toBe(true);
    expect(intake.longNameToConfirm).toBeNull();
    expect(intake.name).toBe('');
    await intake.settled();
    expect(await storedNames()).toEqual([LONG]);
  });

  it('stops being asked about once the name changes', async () => {
    const intake = useIntakeStore();
    intake.name = LONG;
    intake.category = '2';
    expect(intake.submit()).toBe(false);

    intake.name = 'Sir Reginald';
    await nextTick();

    expect(intake.longNameToConfirm).toBeNull();
    expect(intake.submit()).toBe(true);
    await intake.settled();
    expect(await storedNames()).toEqual(['Sir Reginald']);
  });

  it('gives way to the field messages when the animal is not valid', () => {
    const intake = useIntakeStore();
    intake.name = LONG;
    intake.category = '-3';

    expect(intake.submit()).toBe(false);
    expect(intake.longNameToConfirm).toBeNull();
    expect(intake.fieldErrors).toEqual({
      categoryId: '\u201c-3\u201d is below zero: category numbers start at 1.',
    });
  });

  it('is never asked about at 100 characters', async () => {
    const intake = useIntakeStore();
    intake.name = 'a'.repeat(100);
    intake.category = '2';

    expect(intake.submit()).toBe(true);
    expect(intake.longNameToConfirm).toBeNull();
    await intake.settled();
    expect(await storedNames()).toEqual(['a'.repeat(100)]);
  });
});
