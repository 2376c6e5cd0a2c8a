import { describe, expect, it } from 'vitest';
import {
  duplicateKey,
  type EarlierAnimal,
  type EarlierByKey,
} from '../../../../src/animals/duplicates';
import { indexCategories, NO_CATEGORIES } from '../../../../src/data/category-list';
import { formatDateTime } from '../../../../src/format/clock';
import type { ColumnMapping } from '../../../../src/import/mapping';
import { countRows, isReady, lookupKeys, type CheckedRow } from '../../../../src/import/rows';
import { checkRows, importRows } from '../support/import-rows';

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const MINUTE = 60_000;
const CATEGORIES = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
  { id: '12', name: 'Guinea pig' },
]);
const STANDARD: ColumnMapping = { name: 0, category: 1, status: 2 };
const NONE: EarlierByKey = new Map();

/** Checked rows of `cells` (a heading row first), read with the standard mapping. */
function check(
  cells: string[][],
  earlier: EarlierByKey = NONE,
  categories = CATEGORIES,
): CheckedRow[] {
  return checkRows(importRows(cells, true, STANDARD), categories, earlier, NOW);
}

const HEADINGS = ['Name', 'Category', 'Status'];

function earlierOf(...animals: EarlierAnimal[]): EarlierByKey {
  return new Map(animals.map((animal) => [duplicateKey(animal), animal]));
}

describe('importRows', () => {
  it('numbers rows as the spreadsheet does, headings counted, with stable ids', () => {
    const cells = [HEADINGS, ['Bella', 'Dog', 'available'], ['Rex', 'Cat', '']];
    expect(importRows(cells, true, STANDARD)).toEqual([
      {
        id: 1,
        line: 2,
        text: { name: 'Bella', category: 'Dog', status: 'available' },
        record: {},
        cells: ['Bella', 'Dog', 'available'],
      },
      {
        id: 2,
        line: 3,
        text: { name: 'Rex', category: 'Cat', status: '' },
        record: {},
        cells: cells[2],
      },
    ]);
  });

  it('takes each row’s number from the spreadsheet when given, blank rows counted', () => {
    const cells = [HEADINGS, ['Bella', 'Dog', ''], ['Rex', 'Cat', '']];
    // Headings on row 2, then a blank row, then rows 4 and 7.
    const rows = importRows(cells, true, STANDARD, [2, 4, 7]);
    expect(rows.map((row) => [row.id, row.line, row.text.name])).toEqual([
      [1, 4, 'Bella'],
      [2, 7, 'Rex'],
    ]);
    const noHeadings = importRows(cells.slice(1), false, STANDARD, [3, 5]);
    expect(noHeadings.map((row) => [row.id, row.line])).toEqual([
      [0, 3],
      [1, 5],
    ]);
  });

  it('names the first of two look-alike rows by its spreadsheet number', () => {
    const cells = [HEADINGS, ['Bella', 'Dog', ''], ['', 'Cat', ''], ['bella', 'dog', '']];
    const rows = checkRows(importRows(cells, true, STANDARD, [1, 3, 4, 9]), CATEGORIES, NONE, NOW);
    expect(rows.map((row) => [row.line, row.duplicate])).toEqual([
      [3, null],
      [4, null],
      [9, { where: 'file', message: 'Same name and category as row 3.' }],
    ]);
  });

  it('takes the first row as an animal when there are no headings', () => {
    const rows = importRows([['Bella', 'Dog']], false, STANDARD);
    expect(rows.map((row) => [row.id, row.line, row.text.name])).toEqual([[0, 1, 'Bella']]);
  });

  it('reads the fields through the mapping; missing or unmapped cells are empty', () => {
    const cells = [
      ['Notes', 'Status', 'Name', 'Type'],
      ['shy', 'sold', 'Bella', 'Dog'],
      ['calm', 'pending', 'Rex'],
    ];
    const rows = importRows(cells, true, { name: 2, category: 3, status: null });
    expect(rows.map((row) => row.text)).toEqual([
      { name: 'Bella', category: 'Dog', status: '' },
      { name: 'Rex', category: '', status: '' },
    ]);
    // Every cell kept, for the export of the rows left.
    expect(rows[0]?.cells).toEqual(['shy', 'sold', 'Bella', 'Dog']);
  });
});

describe('checkRows: the form’s rules', () => {
  it('makes each valid row the animal that would be sent: trimmed, category by number, status lower case', () => {
    const rows = check([
      HEADINGS,
      ['  Bella  ', 'Dog', 'Available'],
      ['Rex', 'cat', 'SOLD'],
      ['Nibbles', 'GUINEA PIG', ' pending '],
      ['Max', '007', ''],
      ['Zoë', '  2 ', '   '],
    ]);
    expect(rows.map((row) => row.animal)).toEqual([
      { name: 'Bella', categoryId: '2', status: 'available' },
      { name: 'Rex', categoryId: '3', status: 'sold' },
      { name: 'Nibbles', categoryId: '12', status: 'pending' },
      { name: 'Max', categoryId: '7' },
      { name: 'Zoë', categoryId: '2' },
    ]);
    expect(rows.every((row) => Object.keys(row.problems).length === 0)).toBe(true);
    expect(rows.every((row) => row.duplicate === null)).toBe(true);
  });

  it('resolves category names whatever their case and accents', () => {
    const rows = check([
      HEADINGS,
      ['A', 'dog', ''],
      ['B', 'DOG', ''],
      ['C', ' Dóg ', ''],
      ['D', 'guinea  PIG', ''],
    ]);
    expect(rows.map((row) => row.animal?.categoryId)).toEqual(['2', '2', '2', '12']);
  });

  it('refuses an unknown category name with a message naming the text', () => {
    const [row] = check([HEADINGS, ['Polly', ' Parrot ', 'available']]);
    expect(row?.animal).toBeNull();
    expect(row?.problems).toEqual({
      categoryId:
        'No category is called \u201cParrot\u201d. Type its number, or add the name under Settings, Categories.',
    });
    expect(row?.duplicate).toBeNull();
  });

  it('refuses a category name when the profile has no category list', () => {
    const [named, numbered] = check(
      [HEADINGS, ['Bella', 'Dog', ''], ['Rex', '2', '']],
      NONE,
      NO_CATEGORIES,
    );
    expect(named?.problems.categoryId).toBe(
      'No category is called \u201cDog\u201d. Type its number, or add the name under Settings, Categories.',
    );
    expect(numbered?.animal).toEqual({ name: 'Rex', categoryId: '2' });
  });

  it('gives one message per field at fault', () => {
    const [row] = check([HEADINGS, ['   ', 'Parrot', 'fostered']]);
    expect(row?.animal).toBeNull();
    expect(row?.problems).toEqual({
      name: 'Name is required.',
      categoryId:
        'No category is called \u201cParrot\u201d. Type its number, or add the name under Settings, Categories.',
      status:
        '\u201cfostered\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted. Leave it empty for no status.',
    });
  });

  it('refuses a missing category and a number out of range', () => {
    const [missing, zero, huge] = check([
      HEADINGS,
      ['Bella', '', ''],
      ['Rex', '0', ''],
      ['Max', '9223372036854775808', ''],
    ]);
    expect(missing?.problems).toEqual({ categoryId: 'Category is required.' });
    expect(zero?.problems).toEqual({
      categoryId: '\u201c0\u201d is not a category number: they start at 1.',
    });
    expect(huge?.problems).toEqual({
      categoryId:
        '\u201c9223372036854775808\u201d is too large for a category number: the service cannot hold a number that big.',
    });
  });
});

describe('checkRows: duplicates within the file', () => {
  it('holds back a later row with the same name and category, naming the first row', () => {
    const rows = check([
      HEADINGS,
      ['Bella', 'Dog', 'available'],
      ['Rex', 'Dog', ''],
      ['  BELLÁ ', '2', 'sold'],
      ['bella', 'Dog', ''],
    ]);
    expect(rows.map((row) => row.duplicate)).toEqual([
      null,
      null,
      { where: 'file', message: 'Same name and category as row 2.' },
      { where: 'file', message: 'Same name and category as row 2.' },
    ]);
    // A look-alike is still a valid animal: confirmed, it is added.
    expect(rows[2]?.animal).toEqual({ name: 'BELLÁ', categoryId: '2', status: 'sold' });
  });

  it('does not match another category or another name', () => {
    const rows = check([
      HEADINGS,
      ['Bella', 'Dog', ''],
      ['Bella', 'Cat', ''],
      ['Bella Mae', 'Dog', ''],
    ]);
    expect(rows.map((row) => row.duplicate)).toEqual([null, null, null]);
  });

  it('does not count an invalid row as the first of a pair', () => {
    const rows = check([HEADINGS, ['Bella', 'Dog', 'fostered'], ['Bella', 'Dog', '']]);
    expect(rows[0]?.animal).toBeNull();
    expect(rows[1]?.duplicate).toBeNull();
  });
});

describe('checkRows: duplicates of animals already on this computer', () => {
  it('names the earlier animal, its category and when it was added', () => {
    const earlier = earlierOf({ name: 'Bella', categoryId: '2', addedAt: NOW - 3 * MINUTE });
    const rows = check([HEADINGS, ['bella', 'dog', ''], ['Bella', 'Cat', '']], earlier);
    expect(rows.map((row) => row.duplicate)).toEqual([
      { where: 'here', message: 'Bella (Dog) was added 3 minutes ago.' },
      null,
    ]);
  });

  it('says an animal fetched from the service is there since this desk first saw it', () => {
    const seen = new Date(2025, 4, 17, 9, 30).getTime();
    const earlier = earlierOf({ name: 'Bella', categoryId: '2', addedAt: seen, fromService: true });
    const [row] = check([HEADINGS, ['Bella', 'Dog', '']], earlier);
    expect(row?.duplicate).toEqual({
      where: 'here',
      message: `Bella (Dog) is already on the service, since at least ${formatDateTime(seen)}.`,
    });
  });

  it('calls a category the list does not name by its number', () => {
    const earlier = earlierOf({
      name: 'Rex',
      categoryId: '9',
      addedAt: NOW - 2 * 24 * 60 * MINUTE,
    });
    const [row] = check([HEADINGS, ['Rex', '009', '']], earlier);
    expect(row?.duplicate).toEqual({
      where: 'here',
      message: 'Rex (Category 9) was added 2 days ago.',
    });
  });

  it('says "same as row N" for the second of two rows that both match an earlier animal', () => {
    const earlier = earlierOf({ name: 'Bella', categoryId: '2', addedAt: NOW - MINUTE });
    const rows = check([HEADINGS, ['Bella', 'Dog', ''], ['BELLA', 'Dog', '']], earlier);
    expect(rows.map((row) => row.duplicate)).toEqual([
      { where: 'here', message: 'Bella (Dog) was added 1 minute ago.' },
      { where: 'file', message: 'Same name and category as row 2.' },
    ]);
  });

  it('leaves invalid rows unchecked for duplicates', () => {
    const earlier = earlierOf({ name: 'Bella', categoryId: '2', addedAt: NOW - MINUTE });
    const [row] = check([HEADINGS, ['Bella', 'Dog', 'fostered']], earlier);
    expect(row?.duplicate).toBeNull();
  });
});

describe('lookupKeys, countRows and isReady', () => {
  const earlier = earlierOf({ name: 'Max', categoryId: '3', addedAt: NOW - MINUTE });
  const rows = check(
    [
      HEADINGS,
      ['Bella', 'Dog', ''], // ready
      ['Rex', 'Parrot', ''], // invalid
      ['bella', 'dog', ''], // look-alike in the file
      ['Max', 'Cat', 'sold'], // look-alike here
      ['Luna', '5', ''], // ready
    ],
    earlier,
  );

  it('lookupKeys gives each valid row’s category and folded name once, as the cache indexes them', () => {
    expect([...lookupKeys(rows).values()]).toEqual([
      ['2', 'bella'],
      ['3', 'max'],
      ['5', 'luna'],
    ]);
  });

  it('counts look-alikes apart until the user confirms them', () => {
    expect(countRows(rows, new Set())).toEqual({
      ready: 2,
      invalid: 1,
      duplicates: 2,
      longNames: 0,
    });
    // Row ids are the cells' indexes: "bella" is id 3, Max id 4.
    expect(countRows(rows, new Set([3]))).toEqual({
      ready: 3,
      invalid: 1,
      duplicates: 1,
      longNames: 0,
    });
    expect(countRows(rows, new Set([2, 3, 4]))).toEqual({
      ready: 4,
      invalid: 1,
      duplicates: 0,
      longNames: 0,
    });
    expect(countRows([], new Set())).toEqual({ ready: 0, invalid: 0, duplicates: 0, longNames: 0 });
  });

  it('isReady: valid, and not a look-alike unless confirmed; confirming never makes an invalid row ready', () => {
    const confirmed = new Set([2, 4]);
    expect(rows.map((row) => isReady(row, new Set()))).toEqual([true, false, false, false, true]);
    expect(rows.map((row) => isReady(row, confirmed))).toEqual([true, false, false, true, true]);
  });
});
