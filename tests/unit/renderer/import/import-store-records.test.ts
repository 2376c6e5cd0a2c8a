// liveQuery (the category list, the records, the stray hold) only runs where a global IndexedDB exists.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCategories } from '../../../../src/data/categories';
import { openProfileDb } from '../../../../src/data/db';
import { loadDbModule } from '../../../../src/data/layer';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { saveStrayHoldDays } from '../../../../src/data/stray-hold';
import { localDayOf, addDays } from '../../../../src/records/local-day';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { useImportStore } from '../../../../src/stores/import';
import { useRecordsStore } from '../../../../src/stores/records';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';
import { putServicePets } from '../support/service-pets';

// Sending is the sync engine's business: here nothing is sent.
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({ syncNow: () => Promise.resolve(), waiting: 0 }),
}));

beforeEach(async () => {
  freshPinia();
  await loadDbModule();
  const db = openProfileDb('local');
  await Promise.all([db.pets.clear(), db.outbox.clear(), db.records.clear(), db.meta.clear()]);
  await writeCategories(db, [
    { id: '2', name: 'Dog' },
    { id: '3', name: 'Cat' },
  ]);
});

afterEach(disposeStores);

async function importStore(): Promise<ReturnType<typeof useImportStore>> {
  const categories = useCategoriesStore();
  await eventually(() => expect(categories.list).toHaveLength(2));
  return useImportStore();
}

const pasted = (rows: string[][]): string => rows.map((row) => row.join('\t')).join('\r\n');

describe('the import keeps each animal’s record', () => {
  it('writes each ready row’s record under its animal’s key with its outbox entry, none for a row without', async () => {
    const db = openProfileDb('local');
    await saveStrayHoldDays(db, 7);
    const records = useRecordsStore();
    await eventually(() => expect(records.strayHoldDays).toBe(7));
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Category', 'Microchip', 'Sex', 'Intake type', 'Intake date', 'Notes', 'Weight'],
        ['Bella', 'Dog', '985141000123456', 'F', 'Stray', '2020-01-10', 'shy', '12'],
        ['Rex', 'Cat', '', '', '', '', '', '4'],
        ['Kit', 'Cat', '123', 'M', '', '', '', ''],
      ]),
    );

    expect(store.recordColumns).toEqual(['chip', 'sex', 'intakeType', 'intakeAt', 'notes']);
    expect(store.notImported).toEqual(['Weight']);
    expect(store.counts).toEqual({ ready: 2, invalid: 1, duplicates: 0, longNames: 0 });
    expect(await store.commit()).toBe(true);

    const outbox = await readOutbox(db);
    expect(outbox.map((entry) => entry.payload.name)).toEqual(['Bella', 'Rex']);
    const stored = await db.records.toArray();
    expect(stored).toEqual([
      {
        key: outbox[0]?.localKey,
        chip: '985141000123456',
        sex: 'female',
        intakeType: 'stray',
        intakeAt: new Date(2020, 0, 10).getTime(),
        holdUntil: addDays('2020-01-10', 7),
        notes: 'shy',
        updatedAt: expect.any(Number) as number,
      },
    ]);
    // The row with a short chip stays to fix.
    expect(store.left.map((row) => row.line)).toEqual([4]);
  });

  it('checks an edited record again, and adds the row once its chip is fixed', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Category', 'Chip', 'Date in'],
        ['Kit', 'Cat', '98514100012345', '32/01/2025'],
      ]),
    );
    const [row] = store.checked;
    expect(row?.recordProblems).toEqual({
      chip: 'A microchip number has 15 digits, or 9 or 10 characters on older chips; this one has 14.',
      intakeAt:
        'Kennel cannot read \u201c32/01/2025\u201d as a date. Write the day, month and year, such as 15/03/2024 or 2024-03-15.',
    });

    const today = localDayOf(Date.now());
    store.editRow(row!.id, row!.text, { chip: '985141000123450', intakeAt: today });
    expect(store.checked[0]?.recordProblems).toEqual({});
    expect(store.counts.ready).toBe(1);
    expect(await store.commit()).toBe(true);
    const [record] = await openProfileDb('local').records.toArray();
    expect(record?.chip).toBe('985141000123450');
    expect(localDayOf(record?.intakeAt ?? 0)).toBe(today);
  });

  it('keeps a row’s edited record when only its animal’s fields change', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Category', 'Chip'],
        ['', 'Cat', '12'],
      ]),
    );
    const [row] = store.checked;
    store.editRow(row!.id, row!.text, { chip: '985141000123450' });
    store.editRow(row!.id, { ...row!.text, name: 'Kit' });
    expect(store.checked[0]?.record).toEqual({ chip: '985141000123450' });
    expect(store.counts.ready).toBe(1);
  });

  it('forgets an edited cell of a column no longer read', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Category', 'Sex', 'Outcome date'],
        ['Kit', 'Cat', 'girl', 'someday'],
      ]),
    );
    const [row] = store.checked;
    store.editRow(row!.id, row!.text, { ...row!.record, sex: 'female' });
    expect(Object.keys(store.checked[0]?.recordProblems ?? {})).toEqual(['outcomeOn']);

    store.setMapping({ ...store.mapping, outcomeOn: null }, true);
    await eventually(() => expect(store.counts.ready).toBe(1));
    expect(store.checked[0]?.record).toEqual({ sex: 'female' });
    expect(store.notImported).toEqual(['Outcome date']);
  });

  it('holds back a row whose chip an animal on this computer already has, until told to add it', async () => {
    const db = openProfileDb('local');
    await putServicePets(db, [{ id: '77', name: 'Luna', categoryId: '2' }]);
    await db.records.put({ key: '77', chip: '985141000123456', updatedAt: 0 });
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Category', 'Microchip'],
        ['Sol', 'Dog', '985141000123456'],
      ]),
    );
    await eventually(() =>
      expect(store.checked[0]?.duplicate?.message).toBe(
        'Microchip 985141000123456 is already recorded for Luna on this computer.',
      ),
    );
    expect(store.counts).toEqual({ ready: 0, invalid: 0, duplicates: 1, longNames: 0 });
    expect(await store.commit()).toBe(false);

    store.confirmRow(store.checked[0]!.id, true);
    expect(await store.commit()).toBe(true);
    expect((await readOutbox(db)).map((entry) => entry.payload.name)).toEqual(['Sol']);
  });
});
