// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileDb, type CachedPet } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { upsertServicePets } from '../../../../src/data/pets';
import { usePetsStore } from '../../../../src/stores/pets';
import { useQuarantineStore } from '../../../../src/stores/quarantine';
import { eventually } from '../../../helpers/eventually';
import { animals } from '../support/animals';
import { disposeStores, freshPinia } from '../support/test-pinia';
import { cachedPet } from '../support/service-pets';

beforeEach(async () => {
  freshPinia();
  const db = openProfileDb('local');
  await Promise.all([db.pets.clear(), db.outbox.clear(), db.quarantine.clear()]);
});

afterEach(async () => {
  usePetsStore().$dispose();
  useQuarantineStore().$dispose();
  disposeStores();
});

describe('damaged rows in the stores', () => {
  it('lists the good rows past a damaged one and reports it set aside, as stored', async () => {
    const db = openProfileDb('local');
    await upsertServicePets(db, animals(5));
    const damaged = {
      ...(await cachedPet({ id: '3', name: 'Animal 3', categoryId: '1' })),
      name: 42,
    };
    await db.pets.put(damaged as unknown as CachedPet);

    const pets = usePetsStore();
    const quarantine = useQuarantineStore();
    await eventually(() =>
      expect(pets.page.rows.map((row) => row.name)).toEqual([
        'Animal 5',
        'Animal 4',
        'Animal 2',
        'Animal 1',
      ]),
    );
    expect(pets.listError).toBeNull();
    await eventually(() => expect(quarantine.count).toBe(1));
    await eventually(() => expect(pets.total).toBe(4));

    // The records are only read once the user opens the list.
    expect(quarantine.rows).toEqual([]);
    quarantine.listed = true;
    await eventually(() => expect(quarantine.rows).toHaveLength(1));
    expect(quarantine.rows[0]).toMatchObject({
      table: 'pets',
      problem: 'name is not text',
      row: { key: '3', name: 42 },
    });

    const file = await quarantine.exportFile();
    expect(file.fileName).toMatch(/^kennel-local-set-aside-.*\.json$/);
    expect(JSON.parse(file.text)).toMatchObject({
      profile: 'local',
      records: [{ table: 'pets', problem: 'name is not text', row: { key: '3', name: 42 } }],
    });
  });

  it('names a pending animal whose queue entry was set aside', async () => {
    const db = openProfileDb('local');
    const queued = await enqueueIntake(db, 'local', { name: 'Lost', categoryId: '2' });
    await enqueueIntake(db, 'local', { name: 'Kept', categoryId: '2' });
    // Beyond repair: no animal left in it.
    await db.outbox.put({ id: queued.outboxId, payload: 'gone' } as never);

    const quarantine = useQuarantineStore();
    await readOutbox(db);

    await eventually(() => expect(quarantine.orphans.map((row) => row.name)).toEqual(['Lost']));
    await eventually(() => expect(quarantine.count).toBe(1));
    expect(quarantine.error).toBeNull();
  });
});
