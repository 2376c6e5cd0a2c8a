import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { AnimalText } from '../animals/intake-rules';
import { hasRecordFields, KEEP_PHOTO, type RecordDraft } from '../data/intake-record';
import type { KennelDb } from '../data/db';
import { profileDb } from '../data/layer';
import { enqueueMany } from '../data/outbox';
import { findEarlierByKeys } from '../animals/earlier';
import type { EarlierByKey } from '../animals/duplicates';
import { findChipOwners, type ChipOwners } from '../import/chip-owners';
import { importEstimate } from '../import/estimate';
import { computerDayOrder } from '../import/cell-dates';
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
import type { RecordContext } from '../import/row-record';
import type { Parsed } from '../import/parse';
import { readProblemText } from '../import/problem-text';
import type { ReadProblem } from '../import/read-problem';
import { readFileRows, readPastedRows } from '../import/read-source';
import { pause } from '../import/pause';
import { runSliced } from '../import/run-sliced';
import {
  countRows,
  dayOrderSlices,
  isReady,
  lookupKeys,
  noteDuplicates,
  RECORD_SLICE_ROWS,
  rowChips,
  recordCells,
  RULE_SLICE_ROWS,
  ruleRow,
  ruleSlices,
  type CheckedRow,
  type DayOrders,
  type RowEdit,
  type RowSource,
} from '../import/rows';
import { formatNumber } from '../format/clock';
import { currentLanguage, t } from '../i18n';
import { systemLanguages } from '../i18n/language';
import { describeStorageError } from '../data/storage';
import { useCategoriesStore } from './categories';
import { useProfileStore } from './profile';
import { useProfileNote } from './profile-note';
import { useRateLimitStore } from './rate-limit';
import { useRecordsStore } from './records';
import { useSyncStore } from './sync';

/** Said when the one transaction of a bulk add fails for a reason other than a full disk. */
export const bulkSaveFailed = (): string => t('import.commit.saveFailed');

/** Said when rows came to look like animals added since the preview was drawn. */
export const changedSincePreview = (): string => t('import.commit.changed');

/** What a ready row's record asks to be kept with its animal; nothing when it has none. */
function recordDraft(row: CheckedRow): RecordDraft | undefined {
  const fields = row.recordFields;
  return fields !== null && hasRecordFields(fields) ? { fields, photo: KEEP_PHOTO } : undefined;
}

/** What the last Add did, kept as a count so its sentence follows the language. */
type CommitOutcome = { queued: number } | { problem: 'changed' | 'saveFailed' } | { text: string };

/**
 * The spreadsheet import: rows read from a file or a paste, mapped to fields,
 * checked with the add form's rules and against the animals already here,
 * fixed in place, then queued all at once. Nothing the user brought is
 * dropped: rows that cannot be added stay here until fixed, added or exported.
 */
export const useImportStore = defineStore('import', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();
  const records = useRecordsStore();

  /** "transfer.csv", or '' for pasted cells and before anything was read. */
  const fileName = ref('');
  const pasted = ref(false);
  /** "transfer.csv" or "pasted cells", in the app's language. */
  const sourceName = computed(() => (pasted.value ? t('import.source.pasted') : fileName.value));
  const reading = ref(false);
  /** Why the last file or paste could not be read, as the worker said it. */
  const readCode = shallowRef<ReadProblem | null>(null);
  /** The same, as a sentence ('' when there is none). */
  const readProblem = computed(() =>
    readCode.value === null ? '' : readProblemText(readCode.value),
  );
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
  const earlier = shallowRef<EarlierByKey>(new Map());
  /** The animals on this computer that already have a row's chip. */
  const chipOwners = shallowRef<ChipOwners>(new Map());
  /** When the earlier animals were read, for "added 3 minutes ago". */
  const checkedAt = ref(Date.now());
  const committing = ref(false);
  // What the last Add did, in the profile it was done in: a switch takes it away.
  const commitOutcome = useProfileNote<CommitOutcome | null>(null);
  const outcome = commitOutcome.said;
  const commitNote = computed(() => {
    const done = outcome.value;
    if (done === null || !('queued' in done)) return '';
    return t('import.commit.queued', { n: formatNumber(done.queued) }, done.queued);
  });
  const commitProblem = computed(() => {
    const done = outcome.value;
    if (done === null || 'queued' in done) return '';
    if ('text' in done) return done.text;
    return done.problem === 'changed' ? changedSincePreview() : bulkSaveFailed();
  });

  /**
   * Every row with what the rules say of it, as of the last check (see
   * {@link rule}); the cache's answer only redoes the cheap duplicate notes.
   */
  const ruled = shallowRef<readonly CheckedRow[]>([]);
  /** Rows are being checked again; until then `ruled` is the last check's. */
  const checking = ref(false);
  // Rows already added stay in the check, so a later row that repeats one of
  // them is still "the same as row 3", and only then leave the view.
  const checked = computed<CheckedRow[]>(() =>
    noteDuplicates(
      ruled.value,
      categories.index,
      earlier.value,
      checkedAt.value,
      chipOwners.value,
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

  /** How the last check read the columns' days; the preview says when this computer's way decided. */
  const dayOrders = shallowRef<DayOrders>({});
  /** What the last check held records to: an edit is checked the same way. */
  let recordContext: RecordContext = {
    now: Date.now(),
    strayHoldDays: records.strayHoldDays,
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
    const record = recordCells(row.cells, mapping.value, edit.record);
    const edited = { id, line: row.line, cells: row.cells, text: edit.text, record };
    next[at] = ruleRow(edited, categories.index, context);
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
    const rows = yield* ruleSlices(source, categories.index, size, checkedContext);
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
    const editsAtStart = edits.value;
    const source = {
      cells: cells.value,
      hasHeader: hasHeader.value,
      mapping: { ...mapping.value },
      numbers: numbers.value,
      edits: editsAtStart,
    };
    const context: RecordContext = {
      now: Date.now(),
      strayHoldDays: records.strayHoldDays,
      orders: {},
      computerOrder: computerDayOrder(systemLanguages()[0]),
    };
    type Checked = { rows: CheckedRow[]; orders: DayOrders; context: RecordContext };
    const finish = ({ rows, orders, context: used }: Checked): void => {
      recordContext = used;
      dayOrders.value = orders;
      let next: readonly CheckedRow[] = rows;
      for (const [id, edit] of edits.value) {
        if (editsAtStart.get(id) !== edit) next = withEdit(next, id, edit);
      }
      ruled.value = next;
      checking.value = false;
      refresh();
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

  // A lookup answer for another database or an older set of rows is dropped.
  let lookup = 0;
  async function lookUpEarlier(): Promise<EarlierByKey> {
    const ticket = ++lookup;
    const asked = profile.active;
    const db = await profile.whenDb();
    // Not in the task that drew the checked rows: Dexie sorts every key for its look-up.
    await pause();
    const now = Date.now();
    const found = await findEarlierByKeys(db, lookupKeys(ruled.value), now);
    const owners = await findChipOwners(db, rowChips(ruled.value));
    if (ticket === lookup && asked === profile.active) {
      earlier.value = found;
      chipOwners.value = owners;
      checkedAt.value = now;
    }
    return found;
  }

  function refresh(): void {
    lookUpEarlier().catch(() => {
      // Without the lookup, rows are checked against the file alone; the Add
      // checks again and says so if it cannot.
    });
  }

  /** Takes what was read in place of the import so far; resolves once its rows are checked. */
  function start(name: string, fromPaste: boolean, parsed: Parsed): Promise<void> {
    fileName.value = name;
    pasted.value = fromPaste;
    commitOutcome.clear();
    edits.value = new Map();
    ruled.value = [];
    fixing.value = new Set();
    confirmed.value = new Set();
    longConfirmed.value = new Set();
    added.value = new Set();
    earlier.value = new Map();
    chipOwners.value = new Map();
    headerUnknown.value = false;
    headerAnswered.value = false;
    columnsChosen = false;
    if (!parsed.ok) {
      readCode.value = parsed.problem;
      cells.value = [];
      numbers.value = [];
      return rule();
    }
    readCode.value = null;
    const detected = detectMapping(parsed.rows);
    cells.value = parsed.rows;
    numbers.value = parsed.numbers;
    hasHeader.value = detected.hasHeader;
    mapping.value = detected.mapping;
    guessed = detected.mapping;
    headerUnknown.value = parsed.rows.length > 0 && !hasKnownHeading(parsed.rows[0] ?? []);
    return rule();
  }

  // Of reads that overlap (cells pasted while a file is read and checked), the last one wins.
  let reads = 0;
  async function read(
    name: string,
    fromPaste: boolean,
    reader: () => Promise<Parsed>,
  ): Promise<void> {
    const ticket = ++reads;
    reading.value = true;
    // Said while reading: the name of what is being read.
    fileName.value = name;
    pasted.value = fromPaste;
    try {
      const parsed = await reader();
      if (ticket === reads) await start(name, fromPaste, parsed);
    } catch {
      if (ticket === reads)
        await start(name, fromPaste, { ok: false, problem: { code: 'failed' } });
    } finally {
      // The preview is drawn in a task of its own, not the one that ended the check.
      await pause();
      if (ticket === reads) reading.value = false;
    }
  }

  /** Reads a chosen file; replaces what was being imported. */
  function readFile(file: File): Promise<void> {
    return read(file.name, false, () => readFileRows(file));
  }

  /** Reads cells pasted from a spreadsheet; replaces what was being imported. */
  function readPaste(text: string): Promise<void> {
    return read('', true, () => readPastedRows(text));
  }

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
    ruled.value = withEdit(ruled.value, id, edited);
    if (!checking.value) refresh();
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

  /**
   * Queues every ready row in ONE transaction: all of them or, when storage
   * fails, none (and they stay here). The look-alike check runs again first,
   * against the database as it is now; if it holds more rows back than the
   * preview showed, nothing is added and the user looks again.
   */
  async function commit(): Promise<boolean> {
    // Rows still being checked are rows nobody has seen: Add waits for the preview.
    if (committing.value || checking.value || problem.value !== null || awaitingHeader.value) {
      return false;
    }
    // What the button said; a check that starts meanwhile and changes it is said, not added.
    const promised = counts.value.ready;
    if (promised === 0) return false;
    if (profile.intakeRefusal !== null) {
      commitOutcome.say({ text: profile.intakeRefusal });
      return false;
    }
    committing.value = true;
    const say = commitOutcome.begin();
    const target = profile.active;
    try {
      const db: KennelDb = await profileDb(target);
      await settled();
      await lookUpEarlier();
      const ready = checked.value.filter((row) =>
        isReady(row, confirmed.value, longConfirmed.value),
      );
      if (ready.length !== promised) {
        say({ problem: 'changed' });
        return false;
      }
      const animals = ready.flatMap((row) => (row.animal === null ? [] : [row]));
      // Each animal's record is written in the same transaction as its outbox entry.
      await enqueueMany(
        db,
        target,
        animals.map((row) => row.animal!),
        animals.map((row) => recordDraft(row)),
        pasted.value ? undefined : fileName.value,
      );
      added.value = new Set([...added.value, ...ready.map((row) => row.id)]);
      say({ queued: ready.length });
      void useSyncStore().syncNow();
      return true;
    } catch (error) {
      const full = describeStorageError(error);
      say(full === null ? { problem: 'saveFailed' } : { text: full });
      return false;
    } finally {
      committing.value = false;
    }
  }

  /** Forgets the import (after the user chose to start again). */
  function clear(): void {
    void start('', false, { ok: true, rows: [], numbers: [] });
  }

  // The rules read the category names and the profile's stray hold, and speak the language in use.
  watch([() => categories.index, () => records.strayHoldDays, currentLanguage], () => {
    if (cells.value.length > 0) void rule();
  });

  // Another profile has its own categories and animals: look the rows up there.
  watch(
    () => profile.active,
    () => {
      earlier.value = new Map();
      chipOwners.value = new Map();
      if (cells.value.length > 0) refresh();
    },
  );

  return {
    sourceName,
    reading,
    readProblem,
    cells,
    hasHeader,
    headerUnknown,
    awaitingHeader,
    mapping,
    recordColumns,
    notImported,
    dayOrders,
    checking,
    checked,
    counts,
    left,
    problem,
    estimate,
    confirmed,
    longConfirmed,
    fixing,
    committing,
    commitNote,
    commitProblem,
    readFile,
    readPaste,
    setMapping,
    answerHeader,
    editRow,
    confirmRow,
    confirmLongName,
    commit,
    clear,
  };
});
