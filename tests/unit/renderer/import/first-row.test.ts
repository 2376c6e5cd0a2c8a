// liveQuery (the category list) only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCategories } from '../../../../src/data/categories';
import { openProfileDb } from '../../../../src/data/db';
import { loadDbModule } from '../../../../src/data/layer';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { hasKnownHeading } from '../../../../src/import/mapping';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { useImportStore } from '../../../../src/stores/import';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';

// Sending is the sync engine's business; an import only kicks it.
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({ syncNow: () => Promise.resolve(), waiting: 0 }),
}));

beforeEach(async () => {
  freshPinia();
  await loadDbModule();
  const db = openProfileDb('local');
  await db.pets.clear();
  await db.outbox.clear();
  await writeCategories(db, [
    { id: '2', name: 'Labrador' },
    { id: '3', name: 'Cat' },
  ]);
});

afterEach(disposeStores);

async function importStore(): Promise<ReturnType<typeof useImportStore>> {
  const categories = useCategoriesStore();
  await eventually(() => expect(categories.list).toHaveLength(2));
  return useImportStore();
}

async function queuedNames(): Promise<string[]> {
  return (await readOutbox(openProfileDb('local'))).map((entry) => entry.payload.name);
}

const paste = (rows: string[][]): string => rows.map((row) => row.join('\t')).join('\r\n');

// The tester's file: headings Kennel does not know, codes where names would be.
const TRANSFER = [
  ['Animal ID', 'Group', 'Shade', 'Weight'],
  ['A-100', 'Labrador', 'Black', '3'],
  ['A-101', 'Cat', 'White', '2'],
];

describe('hasKnownHeading', () => {
  it('knows a row by any one heading, in either language, whatever its case', () => {
    expect(hasKnownHeading(['Animal ID', 'NAME'])).toBe(true);
    expect(hasKnownHeading(['Nombre', 'x'])).toBe(true);
    expect(hasKnownHeading(['id', 'especie'])).toBe(true);
    // The intake record's headings are headings too.
    expect(hasKnownHeading(['Animal ID', 'Breed', 'Colour', 'Age'])).toBe(true);
    expect(hasKnownHeading(['Código', 'Nº de chip'])).toBe(true);
    expect(hasKnownHeading(['Animal ID', 'Group', 'Shade', 'Weight'])).toBe(false);
    expect(hasKnownHeading(['Bella', 'Dog', 'available'])).toBe(false);
    expect(hasKnownHeading([])).toBe(false);
  });
});

describe('a first row with no known heading', () => {
  it('is asked about, and nothing can be added until the user answers', async () => {
    const store = await importStore();
    await store.readPaste(paste(TRANSFER));

    expect(store.headerUnknown).toBe(true);
    expect(store.awaitingHeader).toBe(true);
    expect(await store.commit()).toBe(false);
    expect(await queuedNames()).toEqual([]);
  });

  it('as headings: leaves the columns to choose, so no code becomes a name', async () => {
    const store = await importStore();
    await store.readPaste(paste(TRANSFER));

    store.answerHeader(true);

    expect(store.awaitingHeader).toBe(false);
    expect(store.hasHeader).toBe(true);
    expect(store.mapping).toEqual({ name: null, category: null, status: null });
    expect(store.problem).toBe(
      'No column holds names or categories. Choose below which column holds what.',
    );
    expect(await store.commit()).toBe(false);

    // The user says where the names are (column 1 holds the codes, which are all they have).
    store.setMapping({ name: 0, category: 1, status: null }, true);
    expect(store.checked.map((row) => [row.line, row.animal?.name])).toEqual([
      [2, 'A-100'],
      [3, 'A-101'],
    ]);
    expect(await store.commit()).toBe(true);
    expect(await queuedNames()).toEqual(['A-100', 'A-101']);
  });

  it('as an animal: keeps the columns by position and adds the first row too', async () => {
    const store = await importStore();
    await store.readPaste(
      paste([
        ['Bella', 'Labrador', 'available'],
        ['Rex', 'Cat', ''],
      ]),
    );
    expect(store.awaitingHeader).toBe(true);

    store.answerHeader(false);

    expect(store.hasHeader).toBe(false);
    expect(store.mapping).toEqual({ name: 0, category: 1, status: 2 });
    expect(await store.commit()).toBe(true);
    expect(await queuedNames()).toEqual(['Bella', 'Rex']);
  });

  it('keeps columns the user chose by hand, whatever the answer', async () => {
    const store = await importStore();
    await store.readPaste(paste(TRANSFER));
    store.setMapping({ name: 0, category: 1, status: null }, false);

    store.answerHeader(true);

    expect(store.mapping).toEqual({ name: 0, category: 1, status: null });
  });

  it('is not asked about when a heading is known, nor after a new file that has one', async () => {
    const store = await importStore();
    await store.readPaste(paste(TRANSFER));
    store.answerHeader(true);
    await store.readPaste(
      paste([
        ['Name', 'Species'],
        ['Bella', 'Labrador'],
      ]),
    );

    expect(store.headerUnknown).toBe(false);
    expect(store.awaitingHeader).toBe(false);
    expect(store.hasHeader).toBe(true);
    expect(await store.commit()).toBe(true);
  });

  it('is asked about anew for each new file', async () => {
    const store = await importStore();
    await store.readPaste(paste(TRANSFER));
    store.answerHeader(false);
    await store.readPaste(paste(TRANSFER));

    expect(store.awaitingHeader).toBe(true);
  });
});

describe('long names in an import', () => {
  it('are added only once the user says to add them as they are', async () => {
    const long = 'Princess '.repeat(15).trim();
    const store = await importStore();
    await store.readPaste(
      paste([
        ['Name', 'Category'],
        [long, 'Cat'],
        ['Rex', 'Cat'],
      ]),
    );
    expect(store.counts).toEqual({ ready: 1, invalid: 0, duplicates: 0, longNames: 1 });

    expect(await store.commit()).toBe(true);
    expect(await queuedNames()).toEqual(['Rex']);
    const [row] = store.checked;
    expect(row?.longName).toBe(long.length);

    store.confirmLongName(row!.id, true);
    expect(store.counts).toEqual({ ready: 1, invalid: 0, duplicates: 0, longNames: 0 });
    expect(await store.commit()).toBe(true);
    expect(await queuedNames()).toEqual(['Rex', long]);
  });
});
