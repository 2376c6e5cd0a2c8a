import { describe, expect, it } from 'vitest';
import { duplicateKey } from '../../../../src/animals/duplicates';
import { indexCategories } from '../../../../src/data/category-list';
import { rowReason } from '../support/row-reason';
import type { ColumnMapping } from '../../../../src/import/mapping';
import { countRows, isReady } from '../../../../src/import/rows';
import { checkRows, importRows } from '../support/import-rows';

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const CATEGORIES = indexCategories([{ id: '2', name: 'Dog' }]);
const STANDARD: ColumnMapping = { name: 0, category: 1, status: 2 };
const LONG = 'Bella '.repeat(30).trim();
const LONG_NOTE = `This name is ${LONG.length} characters long. Check that nothing was pasted by mistake: a name cannot be changed once it is sent.`;

// Row ids are the cells' indexes: the long name is 1, Rex 2, the too-long name 3, Max 4.
const cells = [
  ['Name', 'Category', 'Status'],
  [LONG, 'Dog', ''],
  ['Rex', 'Dog', ''],
  ['x'.repeat(1200), 'Dog', ''],
  [`${'Max '.repeat(40)}`, 'Dog', ''],
];
const earlier = new Map([
  [
    duplicateKey({ name: 'Max '.repeat(40).trim(), categoryId: '2' }),
    { name: 'Max '.repeat(40).trim(), categoryId: '2', addedAt: NOW - 60_000 },
  ],
]);
const rows = checkRows(importRows(cells, true, STANDARD), CATEGORIES, earlier, NOW);

describe('import rows with long names', () => {
  it('flags a name over 100 characters for confirmation and refuses one over 1,000', () => {
    expect(LONG.length).toBeGreaterThan(100);
    expect(rows.map((row) => [row.line, row.longName, row.animal !== null])).toEqual([
      [2, LONG.length, true],
      [3, null, true],
      [4, null, false],
      [5, 'Max '.repeat(40).trim().length, true],
    ]);
    expect(rows[2]?.problems.name).toBe(
      'This name is 1,200 characters long; Kennel sends names of up to 1,000 characters. Shorten it.',
    );
  });

  it('never counts a long name as ready until the user says to add it as it is', () => {
    expect(countRows(rows, new Set())).toEqual({
      ready: 1,
      invalid: 1,
      duplicates: 1,
      longNames: 1,
    });
    expect(rows.filter((row) => isReady(row, new Set()))).toHaveLength(1);
    expect(countRows(rows, new Set(), new Set([1]))).toMatchObject({ ready: 2, longNames: 0 });
    expect(isReady(rows[0]!, new Set(), new Set([1]))).toBe(true);
  });

  it('asks about a look-alike and a long name apart: one yes never answers the other', () => {
    const max = rows[3]!;
    expect(isReady(max, new Set([4]))).toBe(false);
    expect(isReady(max, new Set(), new Set([4]))).toBe(false);
    expect(isReady(max, new Set([4]), new Set([4]))).toBe(true);
    // Confirmed as a look-alike, it waits as a long name.
    expect(countRows(rows, new Set([4]))).toMatchObject({ duplicates: 0, longNames: 2 });
  });

  it('says why a long name was left in the rows exported to fix', () => {
    expect(rowReason(rows[0]!)).toBe(LONG_NOTE);
    expect(rowReason(rows[3]!)).toMatch(
      / was added 1 minute ago\. This name is 159 characters long\./,
    );
  });
});
