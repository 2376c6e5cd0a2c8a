import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import { duplicateKey } from '../../../../src/animals/duplicates';
import { indexCategories } from '../../../../src/data/category-list';
import { leftRowsCsv } from '../../../../src/import/left-rows';
import { rowReason } from '../support/row-reason';
import { detectMapping } from '../../../../src/import/mapping';
import { parseCells } from '../../../../src/import/parse';
import { isReady } from '../../../../src/import/rows';
import { checkRows, importRows } from '../support/import-rows';

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const CATEGORIES = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
]);
const UNKNOWN_PARROT =
  'No category is called \u201cParrot\u201d. Type its number, or add the name under Settings, Categories.';
const notAStatus = (status: string): string =>
  `\u201c${status}\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted. Leave it empty for no status.`;
// A status the service does not take ("adopted" is one staff write for sold).
const FOSTERED = notAStatus('fostered');

const earlier = new Map([
  [
    duplicateKey({ name: 'Max', categoryId: '3' }),
    { name: 'Max', categoryId: '3', addedAt: NOW - 5 * 60_000 },
  ],
]);

// Weekday and Weight are cells the import does not use; the export keeps only what it maps.
const cells = [
  ['Weekday', 'Name', 'Species', 'Status', 'Weight'],
  ['Mon', 'Bella', 'Dog', 'available', 'shy'],
  ['Tue', '', 'Parrot', 'fostered', ''],
  ['Wed', 'Smith, "Lucky"', 'Parrot', '', 'has a, comma'],
  ['Thu', 'bella', 'dog', '', ''],
  ['Fri', 'Max', 'Cat', 'sold', ''],
  ['Sat', 'Two\nlines', 'Snake', '', ''],
];
const detected = detectMapping(cells);
const checked = checkRows(
  importRows(cells, detected.hasHeader, detected.mapping),
  CATEGORIES,
  earlier,
  NOW,
);
const left = checked.filter((row) => !isReady(row, new Set()));

describe('rowReason', () => {
  it('gives every problem of an invalid row, in one line, in column order', () => {
    expect(left.map(rowReason)).toEqual([
      `Name is required. ${UNKNOWN_PARROT} ${FOSTERED}`,
      UNKNOWN_PARROT,
      'Same name and category as row 2.',
      'Max (Cat) was added 5 minutes ago.',
      'No category is called \u201cSnake\u201d. Type its number, or add the name under Settings, Categories.',
    ]);
  });

  it('is empty for a row that can be added', () => {
    const [ready] = checked;
    if (ready === undefined) throw new Error('no rows');
    expect(ready.animal).not.toBeNull();
    expect(rowReason(ready)).toBe('');
  });

  it('lists name, category then status whatever order the columns have in the file', () => {
    // Status first, then category, then name: the reason still reads name, category, status.
    const [row] = checkRows(
      importRows([['fostered', 'Parrot', '  ']], false, { name: 2, category: 1, status: 0 }),
      CATEGORIES,
      new Map(),
      NOW,
    );
    if (row === undefined) throw new Error('no row');
    expect(rowReason(row)).toBe(`Name is required. ${UNKNOWN_PARROT} ${FOSTERED}`);
  });

  it('gives a single problem on its own, and a name and status without a category problem', () => {
    const rows = checkRows(
      importRows(
        [
          ['', 'Dog', ''],
          ['Bella', 'Dog', 'fostered'],
          ['', 'Cat', 'fostered'],
        ],
        false,
        { name: 0, category: 1, status: 2 },
      ),
      CATEGORIES,
      new Map(),
      NOW,
    );
    expect(rows.map(rowReason)).toEqual([
      'Name is required.',
      FOSTERED,
      `Name is required. ${FOSTERED}`,
    ]);
  });
});

describe('leftRowsCsv', () => {
  it('writes Row, Name, Category, Status and Problem, the cells as the user wrote them', () => {
    const csv = leftRowsCsv(left);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"Row","Name","Category","Status","Problem"');
    expect(lines[1]).toBe(
      `"3","","Parrot","fostered","Name is required. ${UNKNOWN_PARROT} ${FOSTERED}"`,
    );
    expect(lines[2]).toBe(`"4","Smith, ""Lucky""","Parrot","","${UNKNOWN_PARROT}"`);
    expect(lines[3]).toBe('"5","bella","dog","","Same name and category as row 2."');
    expect(lines[4]).toBe('"6","Max","Cat","sold","Max (Cat) was added 5 minutes ago."');
    // The line break stays inside its quoted cell.
    expect(lines[5]).toBe(
      '"7","Two\nlines","Snake","","No category is called \u201cSnake\u201d. Type its number, or add the name under Settings, Categories."',
    );
    expect(lines).toHaveLength(6);
  });

  it('gives every row back whole when read again, and maps itself', () => {
    const parsed = parseCells(leftRowsCsv(left));
    if (!parsed.ok) throw new Error(parsed.problem.code);
    expect(parsed.rows).toEqual([
      ['Row', 'Name', 'Category', 'Status', 'Problem'],
      ...left.map((row) => [
        String(row.line),
        row.text.name,
        row.text.category,
        row.text.status,
        rowReason(row),
      ]),
    ]);
    const again = detectMapping(parsed.rows);
    expect(again).toEqual({ hasHeader: true, mapping: { name: 1, category: 2, status: 3 } });
    expect(importRows(parsed.rows, again.hasHeader, again.mapping).map((row) => row.text)).toEqual(
      left.map((row) => row.text),
    );
  });

  it('numbers each row as the spreadsheet shows it, blank lines counted', () => {
    const parsed = parseCells('Name,Category\r\n\r\nBella,Parrot\r\n\r\n\r\nRex,Dog\r\n,Cat\r\n');
    if (!parsed.ok) throw new Error(parsed.problem.code);
    expect(parsed.numbers).toEqual([1, 3, 6, 7]);
    const rows = checkRows(
      importRows(parsed.rows, true, { name: 0, category: 1, status: null }, parsed.numbers),
      CATEGORIES,
      new Map(),
      NOW,
    );
    expect(leftRowsCsv(rows.filter((row) => !isReady(row, new Set()))).split('\r\n')).toEqual([
      '"Row","Name","Category","Status","Problem"',
      `"3","Bella","Parrot","","${UNKNOWN_PARROT}"`,
      '"7","","Cat","","Name is required."',
    ]);
  });

  it('escapes a name that starts like a formula, so opening the file runs nothing', () => {
    const rows = checkRows(
      importRows(
        [
          ['=SUM(A1)', 'Parrot', ''],
          ['+Bella', '-1', '@pending'],
        ],
        false,
        { name: 0, category: 1, status: 2 },
      ),
      CATEGORIES,
      new Map(),
      NOW,
    );
    const lines = leftRowsCsv(rows).split('\r\n');
    expect(lines).toEqual([
      '"Row","Name","Category","Status","Problem"',
      `"1","'=SUM(A1)","Parrot","","${UNKNOWN_PARROT}"`,
      `"2","'+Bella","'-1","'@pending","\u201c-1\u201d is below zero: category numbers start at 1. ${notAStatus('@pending')}"`,
    ]);
  });

  it('escapes a formula even when a line break follows it in the cell', () => {
    const rows = checkRows(
      importRows([['=1+1\n', 'Parrot', '']], false, { name: 0, category: 1, status: null }),
      CATEGORIES,
      new Map(),
      NOW,
    );
    expect(leftRowsCsv(rows)).toBe(
      `"Row","Name","Category","Status","Problem"\r\n"1","'=1+1\n'","Parrot","","${UNKNOWN_PARROT}"`,
    );
  });

  it('writes only the headings when no row is left', () => {
    expect(leftRowsCsv([])).toBe('"Row","Name","Category","Status","Problem"');
  });
});

describe('leftRowsCsv in Spanish', () => {
  afterEach(() => applyLanguage('en'));

  it('heads the columns in Spanish, and the import maps that file itself', async () => {
    await applyLanguage('es');
    const rows = checkRows(
      importRows(
        [
          ['Nombre', 'Especie'],
          ['Luna', 'Loro'],
        ],
        true,
        { name: 0, category: 1, status: null },
      ),
      CATEGORIES,
      new Map(),
      NOW,
    );
    const csv = leftRowsCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('"Fila","Nombre","Categor\u00eda","Estado","Problema"');
    expect(csv).toContain('Ninguna categor\u00eda se llama \u00abLoro\u00bb.');
    const parsed = parseCells(csv);
    if (!parsed.ok) throw new Error('not parsed');
    expect(detectMapping(parsed.rows)).toEqual({
      hasHeader: true,
      mapping: { name: 1, category: 2, status: 3 },
    });
  });
});
