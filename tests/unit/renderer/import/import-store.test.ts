// liveQuery (the category list) only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { nextTick, watch } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileInfo, ProfileName } from '../../../../electron/contract/profiles';
import { writeCategories } from '../../../../src/data/categories';
import { openProfileDb, type KennelDb } from '../../../../src/data/db';
import { loadDbModule } from '../../../../src/data/layer';
import { RULE_SLICE_ROWS } from '../../../../src/import/rows';
import { checkRows, importRows } from '../support/import-rows';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { useImportStore } from '../../../../src/stores/import';
import { useProfileStore } from '../../../../src/stores/profile';
import { useRateLimitStore } from '../../../../src/stores/rate-limit';
import { t } from '../../../../src/i18n';
import { eventually } from '../../../helpers/eventually';
import { latin1, utf8 } from './bytes';
import { disposeStores, freshPinia } from '../support/test-pinia';
import { beforeCreating, undoFaults } from '../support/db-faults';
import { putServicePets } from '../support/service-pets';

// Sending is the sync engine's business; here only the kick after a commit is
// counted and the number of animals already waiting is set by the test.
const sync = vi.hoisted(() => ({ kicks: 0, waiting: 0 }));
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({
    syncNow: () => {
      sync.kicks += 1;
      return Promise.resolve();
    },
    get waiting() {
      return sync.waiting;
    },
  }),
}));

const PROFILES_USED: ProfileName[] = ['local', 'staging'];
const DOG_AND_CAT = [
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
];

beforeEach(async () => {
  freshPinia();
  // The app loads the data layer once the list's first rows are drawn; here no
  // list is drawn, so the test loads it.
  await loadDbModule();
  sync.kicks = 0;
  sync.waiting = 0;
  for (const name of PROFILES_USED) {
    const db = openProfileDb(name);
    await db.pets.clear();
    await db.outbox.clear();
    await writeCategories(db, DOG_AND_CAT);
  }
});

afterEach(async () => {
  vi.restoreAllMocks();
  disposeStores();
  await undoFaults();
});

type ImportStore = ReturnType<typeof useImportStore>;

/** The import store, once the profile's category names have been read. */
async function importStore(): Promise<ImportStore> {
  const categories = useCategoriesStore();
  await eventually(() => expect(categories.list).toHaveLength(2));
  return useImportStore();
}

/** Tab-separated cells as a spreadsheet puts them on the clipboard. */
function pasted(rows: string[][]): string {
  return rows.map((row) => row.join('\t')).join('\r\n');
}

async function queuedNames(profile: ProfileName = 'local'): Promise<string[]> {
  return (await readOutbox(openProfileDb(profile))).map((entry) => entry.payload.name);
}

function db(profile: ProfileName = 'local'): KennelDb {
  return openProfileDb(profile);
}

/** 50 rows under headings, rows 10, 25 and 40 (spreadsheet rows 11, 26, 41) invalid. */
function fiftyRows(): string[][] {
  const rows = [['Name', 'Species', 'Status']];
  for (let i = 1; i <= 50; i++) {
    if (i === 10) rows.push(['', 'Dog', 'available']);
    else if (i === 25) rows.push([`Animal ${i}`, 'Parrot', '']);
    else if (i === 40) rows.push([`Animal ${i}`, 'Cat', 'fostered']);
    else rows.push([`Animal ${i}`, i % 2 === 0 ? 'dog' : 'CAT', i % 3 === 0 ? 'Available' : '']);
  }
  return rows;
}

describe('reading a paste or a file', () => {
  it('reads a paste of 50 rows with 3 invalid as 47 ready and 3 to fix', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));

    expect(store.sourceName).toBe('pasted cells');
    expect(store.readProblem).toBe('');
    expect(store.hasHeader).toBe(true);
    expect(store.mapping).toEqual({ name: 0, category: 1, status: 2 });
    expect(store.problem).toBeNull();
    expect(store.counts).toEqual({ ready: 47, invalid: 3, duplicates: 0, longNames: 0 });
    const invalid = store.checked.filter((row) => row.animal === null);
    expect(invalid.map((row) => [row.line, row.problems])).toEqual([
      [11, { name: 'Name is required.' }],
      [
        26,
        {
          categoryId:
            'No category is called \u201cParrot\u201d. Type its number, or add the name under Settings, Categories.',
        },
      ],
      [
        41,
        {
          status:
            '\u201cfostered\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted. Leave it empty for no status.',
        },
      ],
    ]);
    expect(store.checked[0]?.animal).toEqual({ name: 'Animal 1', categoryId: '3' });
    expect(store.checked[2]?.animal).toEqual({
      name: 'Animal 3',
      categoryId: '3',
      status: 'available',
    });
  });

  it('reads a chosen file under its name', async () => {
    const store = await importStore();
    const csv = utf8('Name,Category\r\n"Smith, Bella",dog\r\nRex,2\r\n', true);
    await store.readFile(new File([new Uint8Array(csv)], 'transfer.csv'));

    expect(store.sourceName).toBe('transfer.csv');
    expect(store.reading).toBe(false);
    expect(store.checked.map((row) => row.animal)).toEqual([
      { name: 'Smith, Bella', categoryId: '2' },
      { name: 'Rex', categoryId: '2' },
    ]);
  });

  it('says why a file cannot be read and shows no rows', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));
    await store.readFile(new File([new Uint8Array(latin1('Name,Category\nZoë,Dog\n'))], 'old.csv'));

    expect(store.sourceName).toBe('old.csv');
    expect(store.readProblem).toMatch(/^Kennel cannot read the letters in this file/);
    expect(store.cells).toEqual([]);
    expect(store.checked).toEqual([]);
    expect(store.counts).toEqual({ ready: 0, invalid: 0, duplicates: 0, longNames: 0 });
    expect(store.problem).toBeNull();
    expect(await store.commit()).toBe(false);
  });

  it('says so when a paste has an unclosed quote', async () => {
    const store = await importStore();
    await store.readPaste('Bella\t"Dog\r\nRex\tCat');
    expect(store.readProblem).toMatch(/^A quotation mark on row 1 is never closed/);
    expect(store.checked).toEqual([]);
  });

  it('maps a paste without headings by position', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Bella', 'Dog', 'sold'],
        ['Rex', '3', ''],
      ]),
    );
    expect(store.hasHeader).toBe(false);
    expect(store.checked.map((row) => [row.line, row.animal])).toEqual([
      [1, { name: 'Bella', categoryId: '2', status: 'sold' }],
      [2, { name: 'Rex', categoryId: '3' }],
    ]);
  });
});

describe('row numbers', () => {
  it('numbers rows as the spreadsheet shows them when blank lines come between', async () => {
    const store = await importStore();
    await store.readPaste(
      'Name\tType\tStatus\r\nBella\tDog\t\r\n\r\n\tCat\t\r\n\r\n\r\nbella\tdog\tsold\r\n',
    );

    expect(store.hasHeader).toBe(true);
    expect(store.checked.map((row) => row.line)).toEqual([2, 4, 7]);
    expect(store.checked[1]?.problems).toEqual({ name: 'Name is required.' });
    expect(store.checked[2]?.duplicate).toEqual({
      where: 'file',
      message: 'Same name and category as row 2.',
    });
  });

  it('takes the new paste’s numbers, not the last one’s', async () => {
    const store = await importStore();
    await store.readPaste('Bella\tDog\tsold\r\n\r\n\r\nRex\tCat\t');
    expect(store.checked.map((row) => row.line)).toEqual([1, 4]);

    await store.readPaste(
      pasted([
        ['Max', 'Dog', ''],
        ['Luna', 'Cat', ''],
      ]),
    );
    expect(store.checked.map((row) => [row.line, row.text.name])).toEqual([
      [1, 'Max'],
      [2, 'Luna'],
    ]);
  });
});

describe('mapping and fixing rows', () => {
  it('changes columns and headings; a missing name or category blocks the Add', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Dog', 'Bella'],
        ['Cat', 'Rex'],
      ]),
    );
    expect(store.counts.invalid).toBe(2);

    store.setMapping({ name: 1, category: 0, status: null }, false);
    expect(store.checked.map((row) => row.animal)).toEqual([
      { name: 'Bella', categoryId: '2' },
      { name: 'Rex', categoryId: '3' },
    ]);

    store.setMapping({ name: 1, category: 0, status: null }, true);
    expect(store.checked.map((row) => row.animal?.name)).toEqual(['Rex']);

    store.setMapping({ name: null, category: 0, status: null }, false);
    expect(store.problem).toBe('Choose the column that holds each animal\u2019s name.');
    expect(await store.commit()).toBe(false);
    expect(await queuedNames()).toEqual([]);
  });

  it('checks an edited row again at once, and keeps edits across a mapping change', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));
    const [broken] = store.checked.filter((row) => row.animal === null);
    if (broken === undefined) throw new Error('no invalid row');

    store.editRow(broken.id, { name: 'Fixed', category: 'dog', status: '' });
    expect(store.counts).toEqual({ ready: 48, invalid: 2, duplicates: 0, longNames: 0 });
    expect(store.checked.find((row) => row.id === broken.id)?.animal).toEqual({
      name: 'Fixed',
      categoryId: '2',
    });

    store.setMapping({ name: 0, category: 1, status: null }, true);
    expect(store.checked.find((row) => row.id === broken.id)?.text.name).toBe('Fixed');
  });

  it('keeps a fixed row among the rows shown as fields, so the field typed in stays a field', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));
    await nextTick();
    const invalid = store.checked.filter((row) => row.animal === null).map((row) => row.id);
    expect(invalid).toHaveLength(3);
    expect([...store.fixing].sort()).toEqual([...invalid].sort());
    const [first] = invalid;
    if (first === undefined) throw new Error('no invalid row');

    store.editRow(first, { name: 'Fixed', category: 'dog', status: '' });
    await nextTick();
    expect(store.checked.find((row) => row.id === first)?.animal).not.toBeNull();
    expect(store.fixing.has(first)).toBe(true);
    // A valid row that was never wrong is shown as text.
    const valid = store.checked.find((row) => row.animal !== null && !invalid.includes(row.id));
    expect(valid !== undefined && store.fixing.has(valid.id)).toBe(false);
  });

  it('holds back a row edited into a look-alike of another row', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Type'],
        ['Bella', 'Dog'],
        ['Rex', 'Dog'],
      ]),
    );
    const rex = store.checked[1];
    if (rex === undefined) throw new Error('no row');

    store.editRow(rex.id, { name: 'BELLA', category: '2', status: '' });
    expect(store.checked[1]?.duplicate).toEqual({
      where: 'file',
      message: 'Same name and category as row 2.',
    });
    expect(store.counts).toEqual({ ready: 1, invalid: 0, duplicates: 1, longNames: 0 });
  });
});

describe('look-alikes', () => {
  it('holds back rows like animals already cached or queued here until confirmed', async () => {
    await putServicePets(db(), [{ id: '70', name: 'Max', categoryId: '3' }]);
    await enqueueIntake(db(), 'local', { name: 'Bella', categoryId: '2' });
    const store = await importStore();

    await store.readPaste(
      pasted([
        ['Name', 'Category'],
        ['bella', 'DOG'],
        ['Rex', 'Dog'],
        ['MAX', 'cat'],
        ['Bella', 'Cat'],
      ]),
    );

    await eventually(() =>
      expect(store.counts).toEqual({ ready: 2, invalid: 0, duplicates: 2, longNames: 0 }),
    );
    expect(store.checked.map((row) => row.duplicate?.message ?? null)).toEqual([
      expect.stringMatching(/^Bella \(Dog\) was added \d+ seconds? ago\.$/),
      null,
      // Fetched from the service, not typed here: said so, with when this desk first saw it.
      expect.stringMatching(/^Max \(Cat\) is already on the service, since at least .+\.$/),
      null,
    ]);

    const [bella] = store.checked;
    if (bella === undefined) throw new Error('no row');
    store.confirmRow(bella.id, true);
    expect(store.counts).toEqual({ ready: 3, invalid: 0, duplicates: 1, longNames: 0 });
    store.confirmRow(bella.id, false);
    expect(store.counts).toEqual({ ready: 2, invalid: 0, duplicates: 2, longNames: 0 });
  });

  it('does not hold back a row like an animal cached more than 30 days ago', async () => {
    const longAgo = Date.now() - 31 * 24 * 60 * 60 * 1000;
    await putServicePets(db(), [{ id: '70', name: 'Max', categoryId: '3' }], { now: longAgo });
    await putServicePets(db(), [{ id: '71', name: 'Luna', categoryId: '3' }]);
    const store = await importStore();

    await store.readPaste(
      pasted([
        ['Max', 'Cat'],
        ['Luna', 'Cat'],
      ]),
    );

    // Luna's warning shows the lookup has landed; Max stays ready.
    await eventually(() =>
      expect(store.counts).toEqual({ ready: 1, invalid: 0, duplicates: 1, longNames: 0 }),
    );
    expect(store.checked[0]?.duplicate).toBeNull();
  });

  it('looks rows up in the profile switched to', async () => {
    await enqueueIntake(db('local'), 'local', { name: 'Bella', categoryId: '2' });
    const store = await importStore();
    await store.readPaste(pasted([['Bella', 'Dog']]));
    store.answerHeader(false);
    await eventually(() => expect(store.counts.duplicates).toBe(1));

    useProfileStore().switchTo('staging');

    await eventually(() =>
      expect(store.counts).toEqual({ ready: 1, invalid: 0, duplicates: 0, longNames: 0 }),
    );
    expect(await store.commit()).toBe(true);
    expect(await queuedNames('staging')).toEqual(['Bella']);
    expect((await readOutbox(db('staging')))[0]?.profile).toBe('staging');
    expect(await queuedNames('local')).toEqual(['Bella']);
  });
});

describe('commit', () => {
  it('queues nothing into a profile without a service address, and says so', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));
    const noAddress: ProfileInfo = {
      name: 'local',
      baseUrl: '',
      baseUrlSource: 'unset',
      hasKey: true,
      keyStorage: 'file',
      marked: true,
      idempotencyProvenAt: null,
    };
    useProfileStore().replaceInfo(noAddress);

    expect(await store.commit()).toBe(false);

    expect(await queuedNames()).toEqual([]);
    expect(store.commitProblem).toMatch(/^The Local profile has no service address yet/);
    expect(sync.kicks).toBe(0);
  });

  it('queues every ready row in one go, in order; the rows left stay', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));

    expect(await store.commit()).toBe(true);

    const ready = fiftyRows()
      .slice(1)
      .map((row) => row[0])
      .filter((name, i) => name !== '' && ![24, 39].includes(i));
    expect(ready).toHaveLength(47);
    expect(await queuedNames()).toEqual(ready);
    const entries = await readOutbox(db());
    expect(entries.map((entry) => entry.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(await db().pets.where('pending').equals(1).count()).toBe(47);
    expect(store.commitNote).toBe(
      'Queued 47 animals. They are sent in the background: follow them at the top of the window.',
    );
    expect(store.commitProblem).toBe('');
    expect(store.committing).toBe(false);
    expect(sync.kicks).toBe(1);
    // The three to fix are still there, with their problems; nothing else is.
    expect(store.checked.map((row) => row.line)).toEqual([11, 26, 41]);
    expect(store.counts).toEqual({ ready: 0, invalid: 3, duplicates: 0, longNames: 0 });
    expect(await store.commit()).toBe(false);
    expect(sync.kicks).toBe(1);
  });

  it('adds a fixed row on the next Add, after the ones already queued', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Type'],
        ['Bella', 'Dog'],
        ['', 'Cat'],
      ]),
    );
    expect(await store.commit()).toBe(true);
    expect(store.commitNote).toBe(
      'Queued 1 animal. It is sent in the background: follow it at the top of the window.',
    );
    const [left] = store.checked;
    if (left === undefined) throw new Error('the row to fix is gone');

    store.editRow(left.id, { name: 'Tom', category: 'Cat', status: 'pending' });
    expect(await store.commit()).toBe(true);

    const entries = await readOutbox(db());
    expect(entries.map((entry) => [entry.seq, entry.payload])).toEqual([
      [1, { name: 'Bella', categoryId: '2' }],
      [2, { name: 'Tom', categoryId: '3', status: 'pending' }],
    ]);
    expect(store.checked).toEqual([]);
  });

  it('adds confirmed look-alikes and leaves the others', async () => {
    await enqueueIntake(db(), 'local', { name: 'Bella', categoryId: '2' });
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Bella', 'Dog'],
        ['Rex', 'Dog'],
        ['rex', 'dog'],
      ]),
    );
    store.answerHeader(false);
    await eventually(() => expect(store.counts.duplicates).toBe(2));
    const [bella] = store.checked;
    if (bella === undefined) throw new Error('no row');
    store.confirmRow(bella.id, true);

    expect(await store.commit()).toBe(true);

    expect(await queuedNames()).toEqual(['Bella', 'Bella', 'Rex']);
    expect(store.checked.map((row) => [row.text.name, row.duplicate])).toEqual([
      ['rex', { where: 'file', message: 'Same name and category as row 2.' }],
    ]);
    expect(store.counts).toEqual({ ready: 0, invalid: 0, duplicates: 1, longNames: 0 });
  });

  it('still holds back a row that repeats a row already added', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Bella', 'Dog'],
        ['bella', 'dog'],
        ['Rex', 'Dog'],
      ]),
    );
    store.answerHeader(false);
    expect(store.counts).toEqual({ ready: 2, invalid: 0, duplicates: 1, longNames: 0 });

    expect(await store.commit()).toBe(true);

    expect(await queuedNames()).toEqual(['Bella', 'Rex']);
    expect(store.checked.map((row) => [row.line, row.text.name, row.duplicate])).toEqual([
      [2, 'bella', { where: 'file', message: 'Same name and category as row 1.' }],
    ]);
    expect(store.counts).toEqual({ ready: 0, invalid: 0, duplicates: 1, longNames: 0 });
    expect(await store.commit()).toBe(false);
    expect(await queuedNames()).toEqual(['Bella', 'Rex']);

    // Added anyway when the user says so.
    const [bella] = store.checked;
    if (bella === undefined) throw new Error('the row is gone');
    store.confirmRow(bella.id, true);
    expect(await store.commit()).toBe(true);
    expect(await queuedNames()).toEqual(['Bella', 'Rex', 'bella']);
    expect(store.checked).toEqual([]);
  });

  it('holds back a row fixed into a repeat of a row already added', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Name', 'Type'],
        ['Bella', 'Dog'],
        ['', 'Cat'],
      ]),
    );
    expect(await store.commit()).toBe(true);
    const [left] = store.checked;
    if (left === undefined) throw new Error('the row to fix is gone');

    store.editRow(left.id, { name: ' BELLA ', category: 'dog', status: '' });

    expect(store.checked.map((row) => [row.line, row.duplicate])).toEqual([
      [3, { where: 'file', message: 'Same name and category as row 2.' }],
    ]);
    expect(store.counts).toEqual({ ready: 0, invalid: 0, duplicates: 1, longNames: 0 });
    expect(await store.commit()).toBe(false);
    expect(await queuedNames()).toEqual(['Bella']);
  });

  it('adds nothing when rows came to look like animals added since the preview', async () => {
    await putServicePets(db(), [{ id: '70', name: 'Max', categoryId: '3' }]);
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Max', 'Cat'],
        ['Bella', 'Dog'],
        ['Rex', 'Dog'],
      ]),
    );
    store.answerHeader(false);
    // The preview's lookup has landed: Max is held back, Bella and Rex are ready.
    await eventually(() =>
      expect(store.counts).toEqual({ ready: 2, invalid: 0, duplicates: 1, longNames: 0 }),
    );

    // Another window adds Bella meanwhile.
    await enqueueIntake(db(), 'local', { name: 'Bella', categoryId: '2' });

    expect(await store.commit()).toBe(false);
    expect(store.commitProblem).toBe(t('import.commit.changed'));
    expect(store.commitNote).toBe('');
    expect(await queuedNames()).toEqual(['Bella']);
    expect(sync.kicks).toBe(0);
    // The row is now marked, so the user sees why; Rex can go on the next Add.
    expect(store.checked[1]?.duplicate?.message).toMatch(/^Bella \(Dog\) was added/);
    expect(store.counts).toEqual({ ready: 1, invalid: 0, duplicates: 2, longNames: 0 });
    expect(await store.commit()).toBe(true);
    expect(await queuedNames()).toEqual(['Bella', 'Rex']);
  });

  it('leaves everything in place with the quota message when the disk is full', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));
    beforeCreating(db().outbox, (entry) => {
      if (entry.payload.name === 'Animal 50') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    });

    expect(await store.commit()).toBe(false);

    expect(store.commitProblem).toBe(t('data.quota'));
    expect(store.commitNote).toBe('');
    expect(store.committing).toBe(false);
    expect(await queuedNames()).toEqual([]);
    expect(await db().pets.count()).toBe(0);
    expect(store.counts).toEqual({ ready: 47, invalid: 3, duplicates: 0, longNames: 0 });
    expect(sync.kicks).toBe(0);
  });

  it('says none was queued when storage fails otherwise, and succeeds when tried again', async () => {
    const store = await importStore();
    await store.readPaste(
      pasted([
        ['Bella', 'Dog'],
        ['Rex', 'Cat'],
      ]),
    );
    store.answerHeader(false);
    let failing = true;
    beforeCreating(db().pets, (row) => {
      if (failing && row.name === 'Rex') throw new Error('The disk went away.');
    });

    expect(await store.commit()).toBe(false);
    expect(store.commitProblem).toBe(t('import.commit.saveFailed'));
    expect(await queuedNames()).toEqual([]);
    expect(store.counts.ready).toBe(2);

    failing = false;
    expect(await store.commit()).toBe(true);
    expect(store.commitProblem).toBe('');
    expect(await queuedNames()).toEqual(['Bella', 'Rex']);
  });

  it('says how long the ready rows will take to send', async () => {
    sync.waiting = 3;
    const store = await importStore();
    useRateLimitStore().state = {
      limit: 60,
      remaining: 60,
      resetAt: null,
      pausedUntil: null,
      pauseEndable: false,
      shared: false,
      dailyLimit: 1000,
      dailyRemaining: 813,
      dailyResetAt: null,
      dailySource: 'service',
      backgroundRemaining: null,
    };
    await store.readPaste(pasted(fiftyRows()));

    expect(store.estimate).toBe(
      '47 animals: under a minute on this plan, after the 3 animals already waiting; 813 of today\u2019s 1,000 requests left.',
    );
  });

  it('forgets the import on clear', async () => {
    const store = await importStore();
    await store.readPaste(pasted(fiftyRows()));
    store.clear();
    expect(store.sourceName).toBe('');
    expect(store.cells).toEqual([]);
    expect(store.counts).toEqual({ ready: 0, invalid: 0, duplicates: 0, longNames: 0 });
    expect(store.problem).toBeNull();
  });
});

describe('a file checked a slice at a time', () => {
  const COUNT = 4 * RULE_SLICE_ROWS + 37;

  /**
   * `COUNT` rows under headings; on each slice edge the last row of a slice
   * has no category Kennel knows and the first of the next repeats an earlier row.
   */
  function sliceEdgeRows(): string[][] {
    const rows = [['Name', 'Type', 'Status']];
    for (let i = 0; i < COUNT; i++) {
      if (i % RULE_SLICE_ROWS === RULE_SLICE_ROWS - 1) rows.push([`Animal ${i}`, 'Parrot', '']);
      else if (i % RULE_SLICE_ROWS === 0 && i > 0) rows.push([`animal ${i - 2}`, 'DOG', 'sold']);
      else rows.push([`Animal ${i}`, 'Dog', i % 3 === 0 ? 'Adopted' : '']);
    }
    return rows;
  }

  /**
   * Makes the clock run 5 ms a read, so each stretch of checking stops after two slices
   * whatever this machine's speed, and resolves once a check has handed the thread back.
   */
  function checkUnderWay(store: ImportStore): Promise<void> {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
    return new Promise((resolve) => {
      const stop = watch(
        () => store.checking,
        (checking) => {
          if (!checking) return;
          stop();
          resolve();
        },
        { flush: 'sync' },
      );
    });
  }

  it('checks every row once, with the problems and look-alikes of a check all at once', async () => {
    const store = await importStore();
    const underWay = checkUnderWay(store);
    const reading = store.readPaste(pasted(sliceEdgeRows()));
    await underWay;
    expect(store.reading).toBe(true);
    await reading;

    expect(store.checking).toBe(false);
    const categories = useCategoriesStore().index;
    const whole = checkRows(
      importRows(sliceEdgeRows(), true, store.mapping),
      categories,
      new Map(),
      Date.now(),
    );
    expect(store.checked).toEqual(whole);
    expect(store.counts).toEqual({ ready: COUNT - 8, invalid: 4, duplicates: 4, longNames: 0 });
    expect(store.checked.filter((row) => row.duplicate !== null).map((row) => row.line)).toEqual([
      RULE_SLICE_ROWS + 2,
      2 * RULE_SLICE_ROWS + 2,
      3 * RULE_SLICE_ROWS + 2,
      4 * RULE_SLICE_ROWS + 2,
    ]);
  });

  it('keeps edits made while the rows are checked, on rows checked already and on rows not yet', async () => {
    const store = await importStore();
    const underWay = checkUnderWay(store);
    const reading = store.readPaste(pasted(sliceEdgeRows()));
    await underWay;
    const first = RULE_SLICE_ROWS; // the first slice's last row: checked already
    const last = 4 * RULE_SLICE_ROWS; // a slice edge far ahead: not yet
    store.editRow(first, { name: 'Fixed early', category: 'Cat', status: '' });
    store.editRow(last, { name: 'Fixed late', category: '', status: '' });
    await reading;

    const row = (id: number) => store.checked.find((checked) => checked.id === id);
    expect(row(first)?.animal).toEqual({ name: 'Fixed early', categoryId: '3' });
    expect(row(last)?.text.name).toBe('Fixed late');
    expect(row(last)?.problems.categoryId).toBe('Category is required.');
    expect(store.counts).toEqual({ ready: COUNT - 7, invalid: 3, duplicates: 4, longNames: 0 });
  });

  it('shows an edit made during a check at once, and keeps an edit taken back', async () => {
    const store = await importStore();
    await store.readPaste(pasted(sliceEdgeRows()));
    const row = (id: number) => store.checked.find((checked) => checked.id === id);
    const id = 2 * RULE_SLICE_ROWS;
    const before = { ...(row(id)?.text ?? { name: '', category: '', status: '' }) };
    const underWay = checkUnderWay(store);
    store.setMapping({ name: 0, category: 1, status: 2 }, true);
    await underWay;

    store.editRow(id, { ...before, name: 'Changed mind' });
    expect(row(id)?.text.name).toBe('Changed mind');
    store.editRow(id, before);
    expect(row(id)?.text).toEqual(before);
    await vi.waitFor(() => expect(store.checking).toBe(false));

    expect(row(id)?.text).toEqual(before);
  });

  it('adds nothing while rows are checked, then the rows of the columns chosen last', async () => {
    const store = await importStore();
    await store.readPaste(pasted(sliceEdgeRows()));
    const ready = store.counts.ready;
    const underWay = checkUnderWay(store);
    store.setMapping({ name: 0, category: 1, status: null }, true);
    await underWay;

    expect(await store.commit()).toBe(false);
    expect(await readOutbox(db())).toEqual([]);
    await vi.waitFor(() => expect(store.checking).toBe(false));
    expect(await store.commit()).toBe(true);

    const payloads = (await readOutbox(db())).map((entry) => entry.payload);
    expect(payloads).toHaveLength(ready);
    expect(payloads.filter((payload) => payload.status !== undefined)).toEqual([]);
  });
});
