/**
 * The import's rows of some cells, checked the way the import store checks
 * them: `ruleSlices` run to its end (the store lets the window answer between
 * slices), then `noteDuplicates`. For unit tests of the rules that need no store.
 */
import type { EarlierByKey } from '../../../../src/animals/duplicates';
import { NO_CATEGORIES, type CategoryIndex } from '../../../../src/data/category-list';
import { DEFAULT_STRAY_HOLD_DAYS } from '../../../../src/data/intake-record';
import type { ColumnMapping } from '../../../../src/import/mapping';
import type { RecordContext } from '../../../../src/import/row-record';
import {
  noteDuplicates,
  ruleRow,
  ruleSlices,
  type CheckedRow,
  type ImportRow,
} from '../../../../src/import/rows';

/** Runs a sliced check to its end, as `runSliced` does across the window's tasks. */
export function drain<T>(slices: Generator<void, T, void>): T {
  for (let step = slices.next(); ; step = slices.next()) {
    if (step.done === true) return step.value;
  }
}

/** The rows of `cells` as import rows, read through `mapping`, the heading row left out. */
export function importRows(
  cells: readonly (readonly string[])[],
  hasHeader: boolean,
  mapping: ColumnMapping,
  numbers: readonly number[] = [],
): ImportRow[] {
  const source = { cells, hasHeader, mapping, numbers };
  return drain(ruleSlices(source, NO_CATEGORIES)).map(({ id, line, text, record, cells: row }) => ({
    id,
    line,
    text,
    record,
    cells: row,
  }));
}

/**
 * `rows` checked as the store checks them: the form's rules row by row, then
 * the look-alikes within the rows and in `earlier`.
 */
export function checkRows(
  rows: readonly ImportRow[],
  categories: CategoryIndex,
  earlier: EarlierByKey,
  now: number,
  context: RecordContext = {
    now,
    strayHoldDays: DEFAULT_STRAY_HOLD_DAYS,
    orders: {},
    computerOrder: 'day-first',
  },
): CheckedRow[] {
  const ruled = rows.map((row) => ruleRow(row, categories, context));
  return noteDuplicates(ruled, categories, earlier, now);
}
