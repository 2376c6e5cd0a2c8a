import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { AnimalText } from '../animals/intake-rules';
import { importEstimate } from '../import/estimate';
import {
  columnTitle,
  detectMapping,
  hasKnownHeading,
  IMPORT_FIELDS,
  mappingProblem,
  unusedColumns,
  type ColumnMapping,
} from '../import/mapping';
import { RECORD_COLUMNS, type RecordCells } from '../import/record-columns';
import type { Parsed } from '../import/parse';
import { countRows, isReady, noteDuplicates, type CheckedRow, type RowEdit } from '../import/rows';
import { currentLanguage } from '../i18n';
import { useCategoriesStore } from './categories';
import { useCommitImport } from './import/commit';
import { useEarlierLookup } from './import/earlier-lookup';
import { useRowCheck } from './import/row-check';
import { useImportSource } from './import/source';
import { useProfileStore } from './profile';
import { useRateLimitStore } from './rate-limit';
import { useRecordsStore } from './records';
import { useSyncStore } from './sync';

/**
 * The spreadsheet import: rows read from a file or a paste, mapped to fields,
 * checked with the add form's rules and against the animals already here,
 * fixed in place, then queued all at once. Nothing the user brought is
 * dropped: rows that cannot be added stay here until fixed, added or exported.
 * This file holds the rows and the user's choices about them; reading
 * (`import/source.ts`), checking (`import/row-check.ts`), the look-up of the
 * animals already here (`import/earlier-lookup.ts`) and the Add
 * (`import/commit.ts`) are parts of their own.
 */
export const useImportStore = defineStore('import', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();
  const records = useRecordsStore();

  const cells = shallowRef<string[][]>([]);
  /** The spreadsheet's number of each row of `cells`. */
  const numbers = shallowRef<number[]>([]);
  const hasHeader = ref(false);
  const mapping = ref<ColumnMapping>({ name: null, category: null, status: null });
  /**
   * None of the first row's cells is a heading Kennel knows, so the first row
   * may be headings in other words or an animal: the user says which, and
   * nothing is added until they have.
   */
  const headerUnknown = ref(false);
  const headerAnswered = ref(false);
  const awaitingHeader = computed(() => headerUnknown.value && !headerAnswered.value);
  /** The columns taken by position, for a first row said to be an animal. */
  let guessed: ColumnMapping = { name: null, category: null, status: null };
  /** The user chose a column by hand: an answer about the first row leaves the columns alone. */
  let columnsChosen = false;
  /** Fields the user changed here, by row id; they win over the cells. */
  const edits = shallowRef<ReadonlyMap<number, RowEdit>>(new Map());
  /** Look-alike rows the user chose to add anyway. */
  const confirmed = shallowRef<ReadonlySet<number>>(new Set());
  /** Rows whose long name the user chose to add as it is. */
  const longConfirmed = shallowRef<ReadonlySet<number>>(new Set());
  /** Rows already queued by an Add; they leave the view. */
  const added = shallowRef<ReadonlySet<number>>(new Set());

  const rowCheck = useRowCheck({
    cells,
    numbers,
    hasHeader,
    mapping,
    edits,
    categories: () => categories.index,
    strayHoldDays: () => records.strayHoldDays,
    checked: () => lookup.refresh(),
  });
  const { ruled, checking, rule } = rowCheck;
  const lookup = useEarlierLookup(ruled);

  // Rows already added stay in the check, so a later row that repeats one of
  // them is still "the same as row 3", and only then leave the view.
  const checked = computed<CheckedRow[]>(() =>
    noteDuplicates(
      ruled.value,
      categories.index,
      lookup.earlier.value,
      lookup.checkedAt.value,
      lookup.chipOwners.value,
    ).filter((row) => !added.value.has(row.id)),
  );
  const counts = computed(() => countRows(checked.value, confirmed.value, longConfirmed.value));
  /** Rows the next Add leaves here: to fix, or held back until confirmed. */
  const left = computed(() => {
    // Read once, not per row: through the store each read is a reactive look-up.
    const [lookAlikes, longNames] = [confirmed.value, longConfirmed.value];
    return checked.value.filter((row) => !isReady(row, lookAlikes, longNames));
  });

  /**
   * Rows shown as fields to fix: every row that was invalid at some point of
   * this import. A row stays fields once fixed, so the field being typed in
   * never turns into text under the cursor.
   */
  const fixing = shallowRef<ReadonlySet<number>>(new Set());
  watch(checked, (rows) => {
    const invalid = rows.filter((row) => row.animal === null && !fixing.value.has(row.id));
    if (invalid.length > 0) fixing.value = new Set([...fixing.value, ...invalid.map((r) => r.id)]);
  });

  const problem = computed(() => (cells.value.length === 0 ? null : mappingProblem(mapping.value)));
  /** The record's columns that are read, in the record's order. */
  const recordColumns = computed(() =>
    RECORD_COLUMNS.filter((column) => (mapping.value[column] ?? null) !== null),
  );
  /** The names of the columns the import leaves out: "Weight", "Column 7". */
  const notImported = computed(() =>
    unusedColumns(cells.value, mapping.value).map((column) =>
      columnTitle(cells.value, hasHeader.value, column),
    ),
  );
  const estimate = computed(() =>
    importEstimate({
      count: counts.value.ready,
      waiting: useSyncStore().waiting ?? 0,
      rate: useRateLimitStore().state,
    }),
  );

  /** Takes what was read in place of the import so far; resolves once its rows are checked. */
  function start(parsed: Parsed): Promise<void> {
    adding.forgetOutcome();
    edits.value = new Map();
    ruled.value = [];
    fixing.value = new Set();
    confirmed.value = new Set();
    longConfirmed.value = new Set();
    added.value = new Set();
    lookup.forget();
    headerUnknown.value = false;
    headerAnswered.value = false;
    columnsChosen = false;
    if (!parsed.ok) {
      cells.value = [];
      numbers.value = [];
      return rule();
    }
    const detected = detectMapping(parsed.rows);
    cells.value = parsed.rows;
    numbers.value = parsed.numbers;
    hasHeader.value = detected.hasHeader;
    mapping.value = detected.mapping;
    guessed = detected.mapping;
    headerUnknown.value = parsed.rows.length > 0 && !hasKnownHeading(parsed.rows[0] ?? []);
    return rule();
  }
  const source = useImportSource(start);

  const adding = useCommitImport({
    checked,
    ready: computed(() => counts.value.ready),
    confirmed,
    longConfirmed,
    added,
    blocked: () => checking.value || problem.value !== null || awaitingHeader.value,
    source: source.fileOfOrigin,
    settled: rowCheck.settled,
    lookUpEarlier: lookup.lookUpEarlier,
  });

  /** Changes which column holds `field`, or whether the first row is headings. Edits made so far are kept. */
  function setMapping(next: ColumnMapping, header: boolean): void {
    const fields = [...IMPORT_FIELDS, ...RECORD_COLUMNS];
    if (fields.some((f) => (next[f] ?? null) !== (mapping.value[f] ?? null))) columnsChosen = true;
    mapping.value = { ...next };
    hasHeader.value = header;
    void rule();
  }

  /**
   * The user's answer about a first row with no known heading. Headings in
   * other words say nothing of which column is which, so unless a column was
   * chosen by hand they are left to choose; an animal keeps the columns taken
   * by position.
   */
  function answerHeader(headings: boolean): void {
    headerAnswered.value = true;
    hasHeader.value = headings;
    if (!columnsChosen) {
      mapping.value = headings ? { name: null, category: null, status: null } : { ...guessed };
    }
    void rule();
  }

  /**
   * Changes a row's fields, and its record's when given (fixing it here);
   * checked again at once.
   */
  function editRow(id: number, text: AnimalText, record?: RecordCells): void {
    const next = new Map(edits.value);
    const kept = record ?? ruled.value.find((row) => row.id === id)?.record ?? {};
    const edited: RowEdit = { text: { ...text }, record: { ...kept } };
    next.set(id, edited);
    edits.value = next;
    // Shown at once; a check under way applies it again to the rows it ends with.
    ruled.value = rowCheck.withEdit(ruled.value, id, edited);
    if (!checking.value) lookup.refresh();
  }

  /** Adds or stops adding a look-alike row. */
  function confirmRow(id: number, add: boolean): void {
    const next = new Set(confirmed.value);
    if (add) next.add(id);
    else next.delete(id);
    confirmed.value = next;
  }

  /** Adds or stops adding a row's long name as it is. */
  function confirmLongName(id: number, add: boolean): void {
    const next = new Set(longConfirmed.value);
    if (add) next.add(id);
    else next.delete(id);
    longConfirmed.value = next;
  }

  /** Forgets the import (after the user chose to start again). */
  function clear(): void {
    void source.take('', false, { ok: true, rows: [], numbers: [] });
  }

  // The rules read the category names and the profile's stray hold, and speak the language in use.
  watch([() => categories.index, () => records.strayHoldDays, currentLanguage], () => {
    if (cells.value.length > 0) void rule();
  });

  // Another profile has its own categories and animals: look the rows up there.
  watch(
    () => profile.active,
    () => {
      lookup.forget();
      if (cells.value.length > 0) lookup.refresh();
    },
  );

  return {
    sourceName: source.sourceName,
    reading: source.reading,
    readProblem: source.readProblem,
    cells,
    hasHeader,
    headerUnknown,
    awaitingHeader,
    mapping,
    recordColumns,
    notImported,
    dayOrders: rowCheck.dayOrders,
    checking,
    checked,
    counts,
    left,
    problem,
    estimate,
    confirmed,
    longConfirmed,
    fixing,
    committing: adding.committing,
    commitNote: adding.commitNote,
    commitProblem: adding.commitProblem,
    readFile: source.readFile,
    readPaste: source.readPaste,
    setMapping,
    answerHeader,
    editRow,
    confirmRow,
    confirmLongName,
    commit: adding.commit,
    clear,
  };
});
