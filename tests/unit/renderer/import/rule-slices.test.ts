import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../../../src/data/category-list';
import type { ColumnMapping } from '../../../../src/import/mapping';
import { noteDuplicates, ruleSlices, type CheckedRow } from '../../../../src/import/rows';
import { checkRows, drain, importRows } from '../support/import-rows';

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const CATEGORIES = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
]);
const STANDARD: ColumnMapping = { name: 0, category: 1, status: 2 };

/** Runs `slices` to its end; the rows and how many times it stopped between slices. */
function drainCounting(slices: Generator<void, CheckedRow[], void>): {
  rows: CheckedRow[];
  stops: number;
} {
  let stops = 0;
  for (let step = slices.next(); ; step = slices.next()) {
    if (step.done === true) return { rows: step.value, stops };
    stops++;
  }
}

/**
 * A heading row and `count` animals where the rows on either side of every
 * slice edge (`size` apart) are the interesting ones: one invalid, the next a
 * repeat of the row before it.
 */
function edgyCells(count: number, size: number): string[][] {
  const cells = [['Name', 'Type', 'Status']];
  for (let i = 0; i < count; i++) {
    if (i % size === size - 1) cells.push([`Animal ${i}`, 'Parrot', '']);
    else if (i % size === 0 && i > 0)
      cells.push([`ANIMAL ${i - 2}`, i % 2 === 0 ? 'dog' : 'CAT', 'sold']);
    else cells.push([`Animal ${i}`, i % 2 === 0 ? 'Dog' : 'cat', i % 3 === 0 ? 'Adopted' : '']);
  }
  return cells;
}

describe('ruleSlices', () => {
  it('checks each row once, in order, exactly as all at once, whatever the slice size', () => {
    const cells = edgyCells(23, 5);
    const source = { cells, hasHeader: true, mapping: STANDARD };
    const whole = drain(ruleSlices(source, CATEGORIES, cells.length));
    for (const size of [1, 4, 5, 22, 23, 24]) {
      const { rows, stops } = drainCounting(
        ruleSlices({ cells, hasHeader: true, mapping: STANDARD }, CATEGORIES, size),
      );
      expect(rows).toEqual(whole);
      expect(new Set(rows.map((row) => row.id)).size).toBe(23);
      // A stop between slices, none after the last.
      expect(stops).toBe(Math.ceil(23 / size) - 1);
    }
  });

  it('reports the problems and look-alikes on either side of a slice edge once each', () => {
    const cells = edgyCells(12, 5);
    const { rows } = drainCounting(
      ruleSlices({ cells, hasHeader: true, mapping: STANDARD }, CATEGORIES, 5),
    );
    const checked = noteDuplicates(rows, CATEGORIES, new Map(), NOW);

    expect(checked).toEqual(
      checkRows(importRows(cells, true, STANDARD), CATEGORIES, new Map(), NOW),
    );
    // Rows 5 and 10 (0-based, after the heading) close a slice; rows 6 and 11 open one.
    expect(checked.filter((row) => row.animal === null).map((row) => row.line)).toEqual([6, 11]);
    expect(
      checked
        .filter((row) => row.duplicate !== null)
        .map((row) => [row.line, row.duplicate?.message]),
    ).toEqual([
      [7, 'Same name and category as row 5.'],
      [12, 'Same name and category as row 10.'],
    ]);
  });

  it('reads edited rows as edited, and a file without headings from its first row', () => {
    const cells = edgyCells(7, 3).slice(1);
    const edits = new Map([
      [4, { text: { name: 'Fixed', category: 'Cat', status: '' }, record: {} }],
    ]);
    const { rows } = drainCounting(
      ruleSlices(
        { cells, hasHeader: false, mapping: STANDARD, numbers: [3, 4, 5, 6, 8, 9, 10], edits },
        CATEGORIES,
        3,
      ),
    );

    expect(rows.map((row) => row.line)).toEqual([3, 4, 5, 6, 8, 9, 10]);
    expect(rows[4]?.text).toEqual({ name: 'Fixed', category: 'Cat', status: '' });
    expect(rows[4]?.animal).toEqual({ name: 'Fixed', categoryId: '3' });
    expect(rows[2]?.animal).toBeNull();
  });

  it('ends at once for a file with no rows', () => {
    expect(
      drainCounting(
        ruleSlices({ cells: [['Name']], hasHeader: true, mapping: STANDARD }, CATEGORIES),
      ),
    ).toEqual({
      rows: [],
      stops: 0,
    });
  });
});
