// The first page is read with the page's own IndexedDB, as in a browser.
import 'fake-indexeddb/auto';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watch } from 'vue';
import { openProfileDb } from '../../../../src/data/db';
import { upsertServicePets } from '../../../../src/data/pets';
import { eventually } from '../../../helpers/eventually';
import { animals } from '../support/animals';

/**
 * The app's modules as a fresh page has them: the data layer not loaded yet.
 * (Each test gets its own copies; the seeded database is shared.)
 */
async function freshPage() {
  vi.resetModules();
  setActivePinia(createPinia());
  const layer = await import('../../../../src/data/layer');
  const { usePetsStore } = await import('../../../../src/stores/pets');
  const { useIntakeStore } = await import('../../../../src/stores/intake');
  return { layer, usePetsStore, useIntakeStore };
}

type FreshPage = Awaited<ReturnType<typeof freshPage>>;

/**
 * What the data layer's module was at the moment the list's first row
 * appeared (read synchronously, so no later load can hide behind it);
 * 'no row yet' until then.
 */
function layerWhenFirstRowShows(
  pets: ReturnType<FreshPage['usePetsStore']>,
  layer: FreshPage['layer'],
): () => unknown {
  let seen: unknown = 'no row yet';
  watch(
    () => pets.rowAt(0),
    (row) => {
      if (row !== undefined && seen === 'no row yet') seen = layer.dbModule.value;
    },
    { flush: 'sync' },
  );
  return () => seen;
}

const seeded = openProfileDb('local');

beforeEach(async () => {
  await seeded.open();
  await seeded.pets.clear();
  await seeded.outbox.clear();
});

afterEach(() => {
  // Let the fresh copies' connections go before the next test seeds.
  seeded.close();
});

describe('pets store before the data layer has loaded', () => {
  it('shows the first page read straight from IndexedDB, then follows the database once Dexie is there', async () => {
    await upsertServicePets(seeded, animals(300));
    seeded.close();
    const { layer, usePetsStore } = await freshPage();
    const pets = usePetsStore();

    // When the first row appears, Dexie's module has not even been asked for.
    const layerAtFirstRow = layerWhenFirstRowShows(pets, layer);
    await eventually(() => expect(pets.rowAt(0)?.name).toBe('Animal 300'));
    expect(layerAtFirstRow()).toBeNull();

    // Once the rows are shown the data layer loads, and the list is live.
    await eventually(() => expect(layer.dbModule.value).not.toBeNull());
    const live = await layer.profileDb('local');
    await upsertServicePets(live, animals(1, 301));
    await eventually(() => expect(pets.rowAt(0)?.name).toBe('Animal 301'));
    pets.$dispose();
    live.close();
  });

  it('reads the filter chosen before Dexie has loaded from IndexedDB too', async () => {
    const statuses = ['available', 'pending', 'sold'] as const;
    const mixed = animals(90).map((pet, i) => ({ ...pet, status: statuses[i % 3] ?? 'available' }));
    await upsertServicePets(seeded, mixed);
    seeded.close();
    const { layer, usePetsStore } = await freshPage();
    const pets = usePetsStore();
    pets.filter = 'sold';

    const layerAtFirstRow = layerWhenFirstRowShows(pets, layer);
    // The newest sold animal: 90 is i = 89, and 89 % 3 === 2.
    await eventually(() => expect(pets.rowAt(0)?.name).toBe('Animal 90'));
    expect(layerAtFirstRow()).toBeNull();
    expect(pets.page.rows.every((row) => row.status === 'sold')).toBe(true);
    expect(pets.page.rows).toHaveLength(30);
    pets.$dispose();
  });

  it('stores animals typed before Dexie has loaded, every one once, in order', async () => {
    seeded.close();
    const { layer, useIntakeStore } = await freshPage();
    const intake = useIntakeStore();
    expect(layer.dbModule.value).toBeNull();
    for (const name of ['Ada', 'Bo', 'Cy']) {
      intake.name = name;
      intake.category = '2';
      expect(intake.submit()).toBe(true);
    }
    await intake.settled();

    const db = await layer.profileDb('local');
    const stored = await db.outbox.orderBy('seq').toArray();
    expect(stored.map((e) => e.payload.name)).toEqual(['Ada', 'Bo', 'Cy']);
    db.close();
  });

  it('with no database yet, creates none itself and leaves it to Dexie, at once', async () => {
    seeded.close();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('kennel-local');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    const { layer, usePetsStore } = await freshPage();
    const pets = usePetsStore();
    // Nothing to read without Dexie: it is fetched without waiting for rows.
    await eventually(() => expect(layer.dbModule.value).not.toBeNull());
    await eventually(() => expect(pets.firstPageSettled).toBe(true));
    expect(pets.total).toBe(0);
    const db = await layer.profileDb('local');
    // Dexie created it with the app's schema, not an empty version 1.
    expect(db.verno).toBe(seeded.verno);
    expect(await db.pets.count()).toBe(0);
    pets.$dispose();
    db.close();
  });
});
