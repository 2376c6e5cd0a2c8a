// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openProfileDb } from '../../../../src/data/db';
import { upsertServicePets } from '../../../../src/data/pets';
import { usePetsStore } from '../../../../src/stores/pets';
import { eventually } from '../../../helpers/eventually';
import { animals } from '../support/animals';
import { disposeStores, freshPinia } from '../support/test-pinia';

// The count is held back until a test lets it answer, to show the list never waits for it.
const counts = vi.hoisted(() => ({ release: null as (() => void) | null, asked: 0 }));
vi.mock('../../../../src/data/pets', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/data/pets')>();
  return {
    ...original,
    countPets: async (...args: Parameters<typeof original.countPets>) => {
      counts.asked += 1;
      await new Promise<void>((resolve) => (counts.release = resolve));
      return original.countPets(...args);
    },
  };
});

beforeEach(async () => {
  freshPinia();
  counts.release = null;
  counts.asked = 0;
  await openProfileDb('local').pets.clear();
});

afterEach(() => {
  // Ends the stores' live queries, so they do not count in the next test.
  usePetsStore().$dispose();
  counts.release?.();
  disposeStores();
});

describe('pets store: first rows before the count', () => {
  it('offers the first page’s rows before the count answers, then the full count', async () => {
    await upsertServicePets(openProfileDb('local'), animals(300));
    const pets = usePetsStore();

    await eventually(() => expect(pets.rowAt(0)?.name).toBe('Animal 300'));
    // As many rows as the first page proves exist, while the count is still pending.
    expect(pets.total).toBe(pets.page.rows.length);
    expect(pets.total).toBeGreaterThan(0);
    await eventually(() => expect(counts.release).not.toBeNull());

    counts.release?.();
    await eventually(() => expect(pets.total).toBe(300));
  });

  it('asks for the count only once the current list’s first page has answered', async () => {
    await upsertServicePets(openProfileDb('local'), animals(5));
    const pets = usePetsStore();
    expect(counts.asked).toBe(0);
    await eventually(() => expect(pets.rowAt(0)).toBeDefined());
    await eventually(() => expect(counts.asked).toBe(1));
    // A short list: the page alone gives the exact total.
    expect(pets.total).toBe(5);
  });
});
