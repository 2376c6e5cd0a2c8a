/**
 * The import's check: every row held to the add form's rules, a few
 * milliseconds at a time, with the edits made meanwhile applied at the end.
 * Part of the import store (`stores/import.ts`).
 */
import { ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { CategoryIndex } from '../../data/category-list';
import { computerDayOrder } from '../../import/cell-dates';
import type { ColumnMapping } from '../../import/mapping';
import { pause } from '../../import/pause';
import { RECORD_COLUMNS } from '../../import/record-columns';
import type { RecordContext } from '../../import/row-record';
import {
  dayOrderSlices,
  RECORD_SLICE_ROWS,
  recordCells,
  RULE_SLICE_ROWS,
  ruleRow,
  ruleSlices,
  type CheckedRow,
  type DayOrders,
  type RowEdit,
  type RowSource,
} from '../../import/rows';
import { runSliced } from '../../import/run-sliced';
import { systemLanguages } from '../../i18n/language';

interface RowCheckDeps {
  cells: Readonly<Ref<string[][]>>;
  /** The spreadsheet's number of each row of `cells`. */
  numbers: Readonly<Ref<number[]>>;
  hasHeader: Readonly<Ref<boolean>>;
  mapping: Readonly<Ref<ColumnMapping>>;
  /** Fields the user changed here, by row id; they win over the cells. */
  edits: Readonly<ShallowRef<ReadonlyMap<number, RowEdit>>>;
  categories(): CategoryIndex;
  strayHoldDays(): number;
  /** Called once a check's rows are in. */
  checked(): void;
}

type Checked = { rows: CheckedRow[]; orders: DayOrders; context: RecordContext };

export function useRowCheck(deps: RowCheckDeps) {
  /**
   * Every row with what the rules say of it, as of the last check (see
   * {@link rule}); the cache's answer only redoes the cheap duplicate notes.
   */
  const ruled = shallowRef<readonly CheckedRow[]>([]);
  /** Rows are being checked again; until then `ruled` is the last check's. */
  const checking = ref(false);
  /** How the last check read the columns' days; the preview says when this computer's way decided. */
  const dayOrders = shallowRef<DayOrders>({});
  /** What the last check held records to: an edit is checked the same way. */
  let recordContext: RecordContext = {
    now: Date.now(),
    strayHoldDays: deps.strayHoldDays(),
    orders: {},
    computerOrder: 'day-first',
  };

  /** `rows` with row `id` checked again as `edit`. */
  function withEdit(rows: readonly CheckedRow[], id: number, edit: RowEdit): readonly CheckedRow[] {
    const at = rows.findIndex((row) => row.id === id);
    const row = rows[at];
    if (row === undefined) return rows;
    const next = [...rows];
    const context = { ...recordContext, now: Date.now() };
    const record = recordCells(row.cells, deps.mapping.value, edit.record);
    const edited = { id, line: row.line, cells: row.cells, text: edit.text, record };
    next[at] = ruleRow(edited, deps.categories(), context);
    return next;
  }

  /**
   * The day orders of `source`'s date columns, then every row checked with
   * them, in one run of slices (`run-sliced.ts`).
   */
  function* checkSlices(source: RowSource, context: RecordContext) {
    const orders = yield* dayOrderSlices(source, context.computerOrder);
    const dayOrder: RecordContext['orders'] = {};
    for (const [column, found] of Object.entries(orders)) {
      dayOrder[column as keyof DayOrders] = found.order;
    }
    const checkedContext = { ...context, orders: dayOrder };
    const withRecords = RECORD_COLUMNS.some((column) => (source.mapping[column] ?? null) !== null);
    const size = withRecords ? RECORD_SLICE_ROWS : RULE_SLICE_ROWS;
    const rows = yield* ruleSlices(source, deps.categories(), size, checkedContext);
    return { rows, orders, context: checkedContext };
  }

  // A check for rows, columns or names since replaced is dropped.
  let check = 0;
  let checkDone: Promise<void> = Promise.resolve();

  /**
   * Checks every row with the form's rules, a few milliseconds at a time
   * (10,000 rows at once held the window for over 100 ms). A small file is
   * checked before this returns; the promise is for the rest.
   * Edits made meanwhile are checked at the end, so none is lost.
   */
  function rule(): Promise<void> {
    const ticket = ++check;
    const editsAtStart = deps.edits.value;
    const source = {
      cells: deps.cells.value,
      hasHeader: deps.hasHeader.value,
      mapping: { ...deps.mapping.value },
      numbers: deps.numbers.value,
      edits: editsAtStart,
    };
    const context: RecordContext = {
      now: Date.now(),
      strayHoldDays: deps.strayHoldDays(),
      orders: {},
      computerOrder: computerDayOrder(systemLanguages()[0]),
    };
    const finish = ({ rows, orders, context: used }: Checked): void => {
      recordContext = used;
      dayOrders.value = orders;
      let next: readonly CheckedRow[] = rows;
      for (const [id, edit] of deps.edits.value) {
        if (editsAtStart.get(id) !== edit) next = withEdit(next, id, edit);
      }
      ruled.value = next;
      checking.value = false;
      deps.checked();
    };
    const run = runSliced(checkSlices(source, context), () => ticket === check);
    if (run.done) {
      finish(run.value);
      checkDone = Promise.resolve();
    } else {
      checking.value = true;
      checkDone = run.rest
        .then(async (rows) => {
          // The look-alike notes over every row get a task of their own, not the last slice's.
          await pause();
          if (rows !== null && ticket === check) finish(rows);
        })
        // A check that failed leaves the last one's rows, and edits still show.
        .finally(() => {
          if (ticket === check) checking.value = false;
        })
        .catch(() => undefined);
    }
    return checkDone;
  }

  /** Resolves once no check is under way. */
  async function settled(): Promise<void> {
    let waited: Promise<void>;
    do {
      waited = checkDone;
      await waited;
    } while (waited !== checkDone);
  }

  return { ruled, checking, dayOrders, withEdit, rule, settled };
}
