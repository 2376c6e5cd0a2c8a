/**
 * The rows of an import, each checked with the form's own rules
 * ({@link checkAnimal}, and `checkRecord` for its intake record through
 * `row-record.ts`) and compared with the other rows and with the animals
 * already on this computer. Pure: the database read that finds earlier
 * animals is `animals/earlier.ts`.
 */
import type { NewPet } from '../../electron/contract/pet';
import type { CategoryIndex } from '../data/category-list';
import { categoryLabel } from '../data/category-list';
import {
  addedAgo,
  foldedKey,
  seenSince,
  type EarlierAnimal,
  type EarlierByKey,
} from '../animals/duplicates';
import { foldText } from '../text/fold';
import { t } from '../i18n';
import { checkAnimal, type AnimalProblems, type AnimalText } from '../animals/intake-rules';
import { DEFAULT_STRAY_HOLD_DAYS, type RecordFields } from '../data/intake-record';
import type { ColumnMapping } from './mapping';
import { findDayOrder, type DayOrder, type DayOrderFinding } from './cell-dates';
import {
  DATE_COLUMNS,
  RECORD_COLUMNS,
  type DateColumn,
  type RecordCells,
  type RecordColumnProblems,
} from './record-columns';
import { checkRowRecord, type RecordContext } from './row-record';
import type { ChipOwners } from './chip-owners';

/** One row of the file or paste, as the user sees it. */
export interface ImportRow {
  /** Stable for the life of the import, across edits. */
  id: number;
  /** The row's number in the spreadsheet (headings counted), for "row 12". */
  line: number;
  /** The animal's cells, as written or as edited here. */
  text: AnimalText;
  /** The record's cells of the mapped columns, as written or as edited here. */
  record: RecordCells;
  /** Every cell of the row as it came, so an export of the rows left gives them back whole. */
  cells: readonly string[];
}

/** Why a valid row is held back: it looks like an animal already there. */
interface DuplicateNote {
  /** 'file' when an earlier row of the same import has it; 'here' for this computer's cache or queue. */
  where: 'file' | 'here';
  message: string;
}

/** A row with what the rules and the duplicate check say of it. */
export interface CheckedRow extends RuledRow {
  duplicate: DuplicateNote | null;
}

/** Where an import's rows come from: the cells as read, how they are mapped, what was edited. */
export interface RowSource {
  cells: readonly (readonly string[])[];
  hasHeader: boolean;
  mapping: ColumnMapping;
  /** The rows' numbers in the spreadsheet (see `parseCells`); without them, the position counts from 1. */
  numbers?: readonly number[];
  /** Fields the user changed, by row id; they win over the cells. */
  edits?: ReadonlyMap<number, RowEdit>;
}

/** A row as the user changed it here: every field, the record's mapped columns too. */
export interface RowEdit {
  text: AnimalText;
  record: RecordCells;
}

/**
 * The record's cells of `row`, for the columns `mapping` reads: as edited
 * here when they were, else as written. A column no longer read is left out,
 * edited or not.
 */
export function recordCells(
  row: readonly string[],
  mapping: ColumnMapping,
  edited: RecordCells = {},
): RecordCells {
  const cells: RecordCells = {};
  for (const column of RECORD_COLUMNS) {
    const at = mapping[column];
    if (at !== undefined && at !== null) cells[column] = edited[column] ?? row[at] ?? '';
  }
  return cells;
}

/** Row `id` (its index in `cells`) of `source` as an import row. */
function importRow(source: RowSource, id: number): ImportRow {
  const row = source.cells[id] ?? [];
  const cell = (column: number | null): string => (column === null ? '' : (row[column] ?? ''));
  const { mapping } = source;
  const edit = source.edits?.get(id);
  return {
    id,
    line: source.numbers?.[id] ?? id + 1,
    text: edit?.text ?? {
      name: cell(mapping.name),
      category: cell(mapping.category),
      status: cell(mapping.status),
    },
    record: recordCells(row, mapping, edit?.record),
    cells: row,
  };
}

/** A row with what the form's rules say of it, and the key it is compared by when valid. */
export interface RuledRow extends ImportRow {
  /** What would be sent; null when the row cannot be added (its animal or its record is at fault). */
  animal: NewPet | null;
  problems: AnimalProblems;
  /** The record to keep with the animal, as the rules made it; null when the record is at fault. */
  recordFields: RecordFields | null;
  recordProblems: RecordColumnProblems;
  /** The category number and folded name it is looked up by; null when the row is invalid. */
  lookup: { key: string; categoryId: string; nameKey: string } | null;
  /** The name's length when the rules ask about it first (see `LONG_NAME_LENGTH`); else null. */
  longName: number | null;
}

/** The record's context when none is given: now, the default stray hold, days read day first. */
function defaultContext(): RecordContext {
  return {
    now: Date.now(),
    strayHoldDays: DEFAULT_STRAY_HOLD_DAYS,
    orders: {},
    computerOrder: 'day-first',
  };
}

const NO_PROBLEMS: RecordColumnProblems = Object.freeze({});

/**
 * Checks one row with the form's rules, its record with the record's. The
 * name is folded here once, for both the comparison within the file and the
 * look-up in the cache. The row is not compared with others yet
 * ({@link noteDuplicates} does).
 */
export function ruleRow(
  row: ImportRow,
  categories: CategoryIndex,
  context: RecordContext = defaultContext(),
): CheckedRow {
  const checked = checkAnimal(row.text, categories);
  // A row without record columns has no record to check.
  const record =
    Object.keys(row.record).length === 0
      ? { ok: true as const, fields: {} }
      : checkRowRecord(row.record, context);
  const recordFields = record.ok ? record.fields : null;
  const recordProblems = record.ok ? NO_PROBLEMS : record.problems;
  if (!checked.ok || !record.ok) {
    return {
      ...row,
      animal: null,
      problems: checked.ok ? {} : checked.errors,
      recordFields,
      recordProblems,
      lookup: null,
      longName: null,
      duplicate: null,
    };
  }
  const animal = checked.value;
  const nameKey = foldText(animal.name);
  const key = foldedKey(animal.categoryId, nameKey);
  return {
    ...row,
    animal,
    problems: {},
    recordFields,
    recordProblems,
    lookup: { key, categoryId: animal.categoryId, nameKey },
    longName: checked.longName ?? null,
    duplicate: null,
  };
}

/** Rows checked per slice of {@link ruleSlices}: a millisecond or two of the window's thread. */
export const RULE_SLICE_ROWS = 250;

/**
 * Rows per slice when the rows have record columns: a full record takes about
 * five times an animal's check (a 250-row slice of them took 12 ms, its first 58).
 */
export const RECORD_SLICE_ROWS = 50;

/**
 * {@link ruleRow} over every row of `source`, `size` rows at a time: the generator yields
 * after each slice but the last, so its caller can let the window answer
 * between them (see `run-sliced.ts`), and returns every row, in order.
 */
export function* ruleSlices(
  source: RowSource,
  categories: CategoryIndex,
  size: number = RULE_SLICE_ROWS,
  context?: RecordContext,
): Generator<void, CheckedRow[], void> {
  const rows: CheckedRow[] = [];
  const start = source.hasHeader ? 1 : 0;
  for (let id = start; id < source.cells.length; id++) {
    if (id > start && (id - start) % size === 0) yield;
    rows.push(ruleRow(importRow(source, id), categories, context));
  }
  return rows;
}

/** How each mapped date column's days are read (see `cell-dates.ts`). */
export type DayOrders = Partial<Record<DateColumn, DayOrderFinding>>;

/** Rows scanned per slice by {@link dayOrderSlices}: a regular expression per cell, no more. */
const ORDER_SLICE_ROWS = 1000;

/**
 * The day order of each mapped date column of `source`, from its cells as
 * they came (see `findDayOrder`), `size` rows at a time like {@link ruleSlices};
 * a file without date columns is not read.
 */
export function* dayOrderSlices(
  source: RowSource,
  computerOrder: DayOrder,
  size: number = ORDER_SLICE_ROWS,
): Generator<void, DayOrders, void> {
  const orders: DayOrders = {};
  const start = source.hasHeader ? 1 : 0;
  for (const column of DATE_COLUMNS) {
    const at = source.mapping[column];
    if (at === undefined || at === null) continue;
    const cells: string[] = [];
    for (let id = start; id < source.cells.length; id++) {
      if (id > start && (id - start) % size === 0) yield;
      cells.push(source.cells[id]?.[at] ?? '');
    }
    orders[column] = findDayOrder(cells, computerOrder);
  }
  return orders;
}

/** The note of a row whose name and category `before`, an earlier animal, has. */
function earlierNote(before: EarlierAnimal, categories: CategoryIndex, now: number): DuplicateNote {
  const name = before.name;
  const category = categoryLabel(before.categoryId, categories);
  return {
    where: 'here',
    message:
      before.fromService === true
        ? t('import.preview.onServiceBefore', {
            name,
            category,
            when: seenSince(before.addedAt, now),
          })
        : t('import.preview.addedBefore', { name, category, ago: addedAgo(before.addedAt, now) }),
  };
}

/**
 * Marks each valid row that an earlier row of the import or an animal in
 * `earlier` (cache and queue, last 30 days) has the same name and category
 * as, or, failing that, whose chip an earlier row or an animal on this
 * computer (`chips`, see `chip-owners.ts`) already has. Cheap: map look-ups
 * only, so a late answer from the cache does not run the rules again; a row
 * found like no other is handed back as it came.
 */
export function noteDuplicates(
  rows: readonly CheckedRow[],
  categories: CategoryIndex,
  earlier: EarlierByKey,
  now: number,
  chips: ChipOwners = new Map(),
): CheckedRow[] {
  const firstLine = new Map<string, number>();
  const chipLine = new Map<string, number>();
  return rows.map((row) => {
    if (row.lookup === null) return row.duplicate === null ? row : { ...row, duplicate: null };
    const { key } = row.lookup;
    let duplicate: DuplicateNote | null = null;
    const sameInFile = firstLine.get(key);
    const before = earlier.get(key);
    if (sameInFile !== undefined) {
      duplicate = { where: 'file', message: t('import.preview.sameAsRow', { row: sameInFile }) };
    } else if (before !== undefined) {
      duplicate = earlierNote(before, categories, now);
    }
    if (sameInFile === undefined) firstLine.set(key, row.line);
    const chip = row.recordFields?.chip;
    if (chip !== undefined) {
      const chipInFile = chipLine.get(chip);
      const owner = chips.get(chip);
      if (duplicate !== null) {
        // Said once: the name's note is the one to answer.
      } else if (chipInFile !== undefined) {
        duplicate = {
          where: 'file',
          message: t('import.preview.sameChipAsRow', { row: chipInFile }),
        };
      } else if (owner !== undefined) {
        duplicate = {
          where: 'here',
          message: t('import.preview.chipRecorded', { chip, name: owner }),
        };
      }
      if (chipInFile === undefined) chipLine.set(chip, row.line);
    }
    return duplicate === null && row.duplicate === null ? row : { ...row, duplicate };
  });
}

/** The chips of the valid rows, for `findChipOwners`. */
export function rowChips(rows: readonly RuledRow[]): Set<string> {
  const chips = new Set<string>();
  for (const row of rows) {
    const chip = row.lookup === null ? undefined : row.recordFields?.chip;
    if (chip !== undefined) chips.add(chip);
  }
  return chips;
}

/** The look-up keys of the valid rows, each once, for `findEarlierByKeys`. */
export function lookupKeys(rows: readonly RuledRow[]): Map<string, readonly [string, string]> {
  const keys = new Map<string, readonly [string, string]>();
  for (const row of rows) {
    if (row.lookup !== null) keys.set(row.lookup.key, [row.lookup.categoryId, row.lookup.nameKey]);
  }
  return keys;
}

/** Counts for the summary line and the Add button. */
export interface RowCounts {
  /** Rows that are valid and not held back (look-alikes and long names only once confirmed). */
  ready: number;
  invalid: number;
  /** Look-alikes not confirmed. */
  duplicates: number;
  /** Long names not confirmed, of rows that are not look-alikes waiting too. */
  longNames: number;
}

const NONE_CONFIRMED: ReadonlySet<number> = new Set();

/**
 * Counts `rows`. A look-alike counts as ready once the user chose to add it
 * anyway, a long name once they chose to add it as it is; each is asked about
 * on its own, so saying yes to one never answers the other. Without
 * `longConfirmed`, no long name is ready.
 */
export function countRows(
  rows: readonly CheckedRow[],
  confirmed: ReadonlySet<number>,
  longConfirmed: ReadonlySet<number> = NONE_CONFIRMED,
): RowCounts {
  let ready = 0;
  let invalid = 0;
  let duplicates = 0;
  let longNames = 0;
  for (const row of rows) {
    if (row.animal === null) invalid++;
    else if (row.duplicate !== null && !confirmed.has(row.id)) duplicates++;
    else if (row.longName !== null && !longConfirmed.has(row.id)) longNames++;
    else ready++;
  }
  return { ready, invalid, duplicates, longNames };
}

/**
 * True when `row` would be added by the next "Add": valid, not a look-alike
 * unless confirmed, and not a long name unless confirmed (see {@link countRows}).
 */
export function isReady(
  row: CheckedRow,
  confirmed: ReadonlySet<number>,
  longConfirmed: ReadonlySet<number> = NONE_CONFIRMED,
): boolean {
  return (
    row.animal !== null &&
    (row.duplicate === null || confirmed.has(row.id)) &&
    (row.longName === null || longConfirmed.has(row.id))
  );
}
