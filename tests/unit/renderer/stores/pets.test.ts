// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import { openProfileDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { upsertServicePets } from '../../../../src/data/pets';
import { saveRecord } from '../../../../src/data/records';
import { usePetsStore } from '../../../../src/stores/pets';
import { eventually } from '../../../helpers/eventually';
import { useProfileStore } from '../../../../src/stores/profile';
import { useQuarantineStore } from '../../../../src/stores/quarantine';
import { disposeStores, freshPinia } from '../support/test-pinia';

const STATUSES = ['available', 'pending', 'sold'] as const;

/** Animals 1..count; every third one is sold. */
function animals(count: number): Pet[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    name: `Animal ${i + 1}`,
    categoryId: '1',
    status: STATUSES[i % 3] ?? 'available',
  }));
}

beforeEach(async () => {
  freshPinia();
  const db = openProfileDb('local');
  await db.pets.clear();
  await db.outbox.clear();
  await db.records.clear();
});

afterEach(() => {
  disposeStores();
});

describe('pets store over the cache', () => {
  it('counts every cached animal but loads only a window around the rows on screen', async () => {
    await upsertServicePets(openProfileDb('local'), animals(3000));
    const pets = usePetsStore();

    await eventually(() => expect(pets.total).toBe(3000));
    await eventually(() => expect(pets.rowAt(0)?.name).toBe('Animal 3000'));
    expect(pets.page.rows.length).toBeLessThanOrEqual(200);
    expect(pets.rowAt(1500)).toBeUndefined();

    pets.showRows(1500, 1515);
    await eventually(() => expect(pets.rowAt(1500)?.name).toBe('Animal 1500'));
    expect(pets.rowAt(1515)?.name).toBe('Animal 1485');
    expect(pets.page.rows.length).toBeLessThanOrEqual(200);
  });

  it('filters by status and starts the filtered list from its top', async () => {
    await upsertServicePets(openProfileDb('local'), animals(300));
    const pets = usePetsStore();
    pets.showRows(200, 215);
    await eventually(() => expect(pets.rowAt(200)).toBeDefined());

    pets.filter = 'sold';
    await eventually(() => expect(pets.total).toBe(100));
    await eventually(() => expect(pets.rowAt(0)?.status).toBe('sold'));
    expect(pets.page.offset).toBe(0);
    expect(pets.page.rows.every((row) => row.status === 'sold')).toBe(true);
  });

  it('lists the animals without a status under No status, offline, with their count', async () => {
    const db = openProfileDb('local');
    const unset: Pet[] = [
      { id: '31', name: 'Nameless', categoryId: '1' },
      { id: '32', name: 'Unsure', categoryId: '2' },
    ];
    await upsertServicePets(db, [...animals(30), ...unset]);
    const pets = usePetsStore();
    pets.filter = 'none';
    await eventually(() => expect(pets.total).toBe(2));
    await eventually(() => expect(pets.rowAt(1)?.name).toBe('Nameless'));
    expect(pets.rowAt(0)?.name).toBe('Unsure');
    // Once the catalogue index is built, it answers the filter and counts it.
    await eventually(() => expect(pets.counts?.none).toBe(2));
    expect(pets.indexed).toBe(true);
    await enqueueIntake(db, 'local', { name: 'Walk-in', categoryId: '3' });
    await eventually(() => expect(pets.rowAt(0)?.name).toBe('Walk-in'));
    expect(pets.total).toBe(3);
    expect(pets.rowAt(3)).toBeUndefined();
  });

  it('shows an animal just taken in first, marked pending', async () => {
    await upsertServicePets(openProfileDb('local'), animals(10));
    const pets = usePetsStore();
    await eventually(() => expect(pets.total).toBe(10));
    await enqueueIntake(openProfileDb('local'), 'local', { name: 'Newcomer', categoryId: '2' });
    await eventually(() => expect(pets.rowAt(0)).toMatchObject({ name: 'Newcomer', pending: 1 }));
    // The count answers after the rows.
    await eventually(() => expect(pets.total).toBe(11));
  });

  it('opens a row in the detail panel from the cache', async () => {
    await upsertServicePets(openProfileDb('local'), animals(5));
    const pets = usePetsStore();
    await eventually(() => expect(pets.rowAt(0)).toBeDefined());
    const row = pets.rowAt(0);
    if (row === undefined) throw new Error('no row');
    pets.openRow(row);
    expect(pets.detail).toMatchObject({
      kind: 'shown',
      detail: { name: 'Animal 5', source: 'cache' },
    });
  });

  it('rejects a typed ID that is not a whole number without a lookup', async () => {
    const pets = usePetsStore();
    await pets.findById('12a');
    expect(pets.detail).toEqual({
      kind: 'error',
      message: 'An animal ID is a whole number, like 42.',
    });
  });

  it('says why the list cannot be read instead of showing an empty list', async () => {
    // A database of that name without Kennel's tables, at a version above Kennel's
    // own: a newer Kennel's database, which this one must not open.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('kennel-production', 10_000);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const pets = usePetsStore();
    useProfileStore().switchTo('production');
    await eventually(() => expect(pets.listError).not.toBeNull());
    expect(pets.listError).toBe(
      'Kennel cannot open the animals on this computer: they were saved by a newer ' +
        'version of Kennel. Close its other windows or update Kennel, then reload. ' +
        'Nothing has been deleted.',
    );
    expect(pets.total).toBe(0);
    const quarantine = useQuarantineStore();
    await eventually(() => expect(quarantine.error).toContain('the records set aside'));

    useProfileStore().switchTo('local');
    await eventually(() => expect(pets.listError).toBeNull());
    await eventually(() => expect(quarantine.error).toBeNull());
    quarantine.$dispose();
    indexedDB.deleteDatabase('kennel-production');
  });

  it('follows the active profile’s database', async () => {
    await upsertServicePets(openProfileDb('local'), animals(4));
    const pets = usePetsStore();
    const profile = useProfileStore();
    await eventually(() => expect(pets.total).toBe(4));
    profile.switchTo('staging');
    await openProfileDb('staging').pets.clear();
    await eventually(() => expect(pets.total).toBe(0));
    profile.switchTo('local');
    await eventually(() => expect(pets.total).toBe(4));
  });

  it('shows an outcome recorded here and leaves those animals out when asked, counting truthfully', async () => {
    const db = openProfileDb('local');
    await upsertServicePets(db, animals(9));
    const keep = { kind: 'keep' } as const;
    await saveRecord(db, '3', {
      fields: { outcome: 'adopted', outcomeOn: '2030-01-05' },
      photo: keep,
    });
    await saveRecord(db, '6', { fields: { outcome: 'died' }, photo: keep });
    await saveRecord(db, '7', { fields: { kennel: 'Dogs B3' }, photo: keep });
    const pets = usePetsStore();
    await eventually(() => expect(pets.outcomeCount).toBe(2));
    const three = pets.rowAt(6);
    expect(three?.id).toBe('3');
    expect(pets.outcomeOf(three as NonNullable<typeof three>)).toEqual({
      outcome: 'adopted',
      on: '2030-01-05',
    });
    expect(pets.counts?.sold).toBe(3);
    expect(pets.total).toBe(9);

    pets.outcomes = 'left-out';
    await eventually(() => expect(pets.total).toBe(7));
    expect(pets.indexed).toBe(true);
    expect(pets.onThisComputer).toBe(9);
    // 3 and 6 are both sold (every third): the filter's count says what the list shows.
    expect(pets.counts?.sold).toBe(1);
    expect(Array.from({ length: 7 }, (_, i) => pets.rowAt(i)?.id)).toEqual([
      '9',
      '8',
      '7',
      '5',
      '4',
      '2',
      '1',
    ]);
    pets.filter = 'sold';
    await eventually(() => expect(pets.total).toBe(1));
    expect(pets.rowAt(0)?.id).toBe('9');

    // A search by kennel finds the animal and says why.
    pets.filter = 'all';
    pets.search = 'b3';
    await eventually(() => expect(pets.total).toBe(1));
    const seven = pets.rowAt(0);
    expect(seven?.id).toBe('7');
    expect(pets.foundBy(seven as NonNullable<typeof seven>)).toBe('kennel');

    // An outcome taken back in any window brings the animal back at once.
    pets.search = '';
    await saveRecord(db, '6', { fields: {}, photo: keep });
    await eventually(() => expect(pets.total).toBe(8));
    expect(pets.outcomeCount).toBe(1);
    pets.outcomes = 'shown';
    await eventually(() => expect(pets.total).toBe(9));
  });
});
