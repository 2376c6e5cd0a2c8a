import { defineStore } from 'pinia';
import { computed, onScopeDispose, reactive, ref, watch } from 'vue';
import { useLiveQuery } from '../data/live-query';
import type { KennelDb, OutboxEntry } from '../data/db';
import { correctEntry, startEditing, stopEditing } from '../data/correction';
import { heldEntries, sendHeldNow } from '../data/held-entries';
import { isOutboxEntryError } from '../data/outbox-entry-error';
import { takeBack, type TakeBackResult } from '../data/take-back';
import { holdEndsAt } from '../data/hold';
import type { AnimalProblems } from '../animals/intake-rules';
import { storageReadProblem } from '../errors/storage-read';
import { t } from '../i18n';
import { describeStorageError } from '../data/storage';
import { formatNumber } from '../format/clock';
import type { AnimalText } from '../animals/intake-rules';
import { checkAnimal } from '../animals/intake-rules';
import { categoryFieldText } from '../data/category-list';
import { KEEP_PHOTO, type RecordFields } from '../data/intake-record';
import {
  checkRecord,
  EMPTY_RECORD_TEXT,
  recordText,
  type RecordProblems,
  type RecordText,
} from '../records/record-rules';
import { useCategoriesStore } from './categories';
import { useRecordsStore } from './records';
import { useIntakeStore } from './intake';
import { useProfileStore } from './profile';
import { useProfileNote } from './profile-note';

/** One line of the list of animals on hold: an animal typed alone, or a whole import. */
export interface HeldGroup {
  /** The entry's id, or the import's batch id. */
  key: string;
  entries: readonly OutboxEntry[];
  /** Set for an import of more than one animal: it is taken back as one. */
  batch: boolean;
  /** When the group's hold ends by itself: null once it has (waiting to be sent), Infinity while corrected. */
  endsAt: number | null;
}

/** The stored record as the rules' `previous`, when there is one. */
function withPrevious(record: RecordFields | undefined): { previous?: RecordFields } {
  return record === undefined ? {} : { previous: record };
}

/** Whether `group`'s hold is counting down: not over, not kept back by a correction. */
export function countingDown(group: HeldGroup): boolean {
  return group.endsAt !== null && Number.isFinite(group.endsAt);
}

/** Groups entries (oldest first) by import, keeping their order. */
function groupsOf(entries: readonly OutboxEntry[], now: number): HeldGroup[] {
  const byBatch = new Map<string, OutboxEntry[]>();
  const order: string[] = [];
  for (const entry of entries) {
    const key = entry.batchId ?? entry.id;
    let list = byBatch.get(key);
    if (list === undefined) {
      list = [];
      byBatch.set(key, list);
      order.push(key);
    }
    list.push(entry);
  }
  return order.map((key) => {
    const list = byBatch.get(key) ?? [];
    const ends = list.map((entry) => holdEndsAt(entry, now));
    const known = ends.filter((end): end is number => end !== null);
    return {
      key,
      entries: list,
      batch: list.length > 1,
      endsAt: known.length === 0 ? null : Math.max(...known),
    };
  });
}

/**
 * The animals still on this computer after their hold began: what staff can
 * take back, correct or send at once (see `data/hold.ts`). The clock that
 * counts down ticks only while something is held.
 */
export const useHeldStore = defineStore('held', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();

  const query = useLiveQuery({
    db: () => profile.db,
    query: (db) => heldEntries(db),
    initial: [] as OutboxEntry[],
  });
  const now = ref(Date.now());
  let ticker: ReturnType<typeof setInterval> | null = null;

  const groups = computed(() => groupsOf(query.value.value, now.value));
  // An entry being corrected has no end to count down to.
  const counting = computed(() => groups.value.some(countingDown));
  /** How many animals the list holds back (an import counts each of its animals). */
  const heldCount = computed(() => groups.value.reduce((n, group) => n + group.entries.length, 0));

  // A second's tick is what the countdown shows; nothing ticks once nothing is held.
  watch(
    counting,
    (on) => {
      if (on && ticker === null) {
        now.value = Date.now();
        ticker = setInterval(() => (now.value = Date.now()), 1000);
      } else if (!on && ticker !== null) {
        clearInterval(ticker);
        ticker = null;
      }
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    if (ticker !== null) clearInterval(ticker);
  });
  // The list is read again when time moves on, so an ended hold reads as ended.
  watch(query.value, () => (now.value = Date.now()));

  /**
   * The entry being corrected in this window, what is typed into it, and the
   * field messages of its last save. Kept here, not in the list, as the list
   * is shown in two places at once (under the add form and on Import).
   */
  const editingId = ref<string | null>(null);
  const draft = reactive<AnimalText>({ name: '', category: '', status: '' });
  const editErrors = ref<AnimalProblems>({});
  /** The animal's intake record as being corrected, and its messages. */
  const recordDraft = ref<RecordText>({ ...EMPTY_RECORD_TEXT });
  const recordErrors = ref<RecordProblems>({});
  /** The record's fields are open in the correction: it has one, or one of them is wrong. */
  const recordShown = computed(
    () =>
      Object.keys(recordErrors.value).length > 0 ||
      Object.values(recordDraft.value).some((value) => value !== ''),
  );
  const records = useRecordsStore();
  /** A long name already shown to staff once: the next Save keeps it as it is. */
  let longNameShown: string | null = null;
  /** The database of the correction's profile, which may no longer be the active one. */
  let editingDb: KennelDb | null = null;
  /** What the last action did, said politely, in the profile it was done in. */
  const note = useProfileNote('');
  /** Why the list cannot be read; null while it can. */
  const readError = computed(() => storageReadProblem(query.error.value, t('data.what.waiting')));

  /** Whole seconds left in `group`'s hold, at least 1 while it is held. */
  function secondsLeft(group: HeldGroup): number {
    if (group.endsAt === null || !Number.isFinite(group.endsAt)) return 0;
    return Math.max(1, Math.ceil((group.endsAt - now.value) / 1000));
  }

  /** What `group`'s line says of its hold, wherever it is shown (the list, the details). */
  function countdown(group: HeldGroup): string {
    if (group.endsAt === null) return t('hold.sendingSoon');
    if (!Number.isFinite(group.endsAt)) return t('hold.editing');
    const n = secondsLeft(group);
    return t('hold.sendsIn', { n: formatNumber(n) }, n);
  }

  function failed(error: unknown): string {
    return t('hold.actionFailed', {
      reason: describeStorageError(error) ?? t('animals.intake.dbUnchanged'),
    });
  }

  function tookBack(group: HeldGroup, result: TakeBackResult): string {
    const name = group.entries[0]?.payload.name ?? '';
    const later =
      result.tooLate === 0 ? '' : ` ${t('hold.partlySent', { n: result.tooLate }, result.tooLate)}`;
    if (result.withdrawn === 0) return t('hold.tooLate', { name });
    if (group.batch)
      return t('hold.undoneBatch', { n: result.withdrawn }, result.withdrawn) + later;
    return t('hold.undone', { name });
  }

  /** Takes back an animal, or a whole import, that has not been sent. */
  async function undo(group: HeldGroup): Promise<void> {
    const say = note.begin();
    try {
      const db = await profile.whenDb();
      const result = await takeBack(
        db,
        group.entries.map((e) => e.id),
      );
      if (group.entries.some((e) => e.id === editingId.value)) editingId.value = null;
      // The add form follows the animal added last: gone this way, it was not added.
      const intake = useIntakeStore();
      for (const entry of group.entries) intake.forget(entry.id);
      say(tookBack(group, result));
    } catch (error) {
      say(failed(error));
    }
  }

  /** Ends the hold of `group` (or of every group) at once. */
  async function sendNow(group?: HeldGroup): Promise<void> {
    // Only holds that are counting down: one already over is waiting for the service.
    const counting = groups.value.filter(countingDown);
    const entries = group === undefined ? counting.flatMap((g) => g.entries) : group.entries;
    const say = note.begin();
    try {
      await sendHeldNow(
        await profile.whenDb(),
        entries.map((e) => e.id),
      );
    } catch (error) {
      say(failed(error));
    }
  }

  /** Opens the correction of one animal; says so when it is already on its way. */
  async function edit(entry: OutboxEntry): Promise<boolean> {
    const say = note.begin();
    try {
      const db = await profile.whenDb();
      const started = await startEditing(db, entry.id);
      if (!started) {
        say(t('hold.tooLate', { name: entry.payload.name }));
        return false;
      }
      editingId.value = entry.id;
      editingDb = db;
      draft.name = entry.payload.name;
      draft.category = categoryFieldText(entry.payload.categoryId, categories.index);
      draft.status = entry.payload.status ?? '';
      editErrors.value = {};
      const record = records.recordOf(entry.localKey);
      recordDraft.value = record === undefined ? { ...EMPTY_RECORD_TEXT } : recordText(record);
      recordErrors.value = {};
      longNameShown = null;
      return true;
    } catch (error) {
      say(failed(error));
      return false;
    }
  }

  /**
   * Saves the correction in {@link draft} (checked as the add form checks);
   * false with messages when it is not valid, or when a long name is shown
   * for the first time (the next Save keeps it).
   */
  async function saveEdit(entry: OutboxEntry): Promise<boolean> {
    const checked = checkAnimal({ ...draft }, categories.index);
    const record = checkRecord(recordDraft.value, {
      now: Date.now(),
      strayHoldDays: records.strayHoldDays,
      ...withPrevious(records.recordOf(entry.localKey)),
    });
    editErrors.value = checked.ok ? {} : checked.errors;
    recordErrors.value = record.ok ? {} : record.errors;
    if (!checked.ok || !record.ok) return false;
    if (checked.longName !== undefined && longNameShown !== checked.value.name) {
      longNameShown = checked.value.name;
      editErrors.value = { name: t('hold.longName', { length: checked.longName }) };
      return false;
    }
    const say = note.begin();
    try {
      await correctEntry(await profile.whenDb(), entry.id, checked.value, {
        fields: record.value,
        photo: KEEP_PHOTO,
      });
      // The add form's note about this animal (its old name, "waits a moment") gives way to this one.
      useIntakeStore().forget(entry.id);
      say(t('hold.corrected', { name: checked.value.name }));
    } catch (error) {
      if (!isOutboxEntryError(error)) {
        say(failed(error));
        return false;
      }
      say(t('hold.tooLate', { name: entry.payload.name }));
    }
    editingId.value = null;
    return true;
  }

  /** Leaves the correction; the animal waits its whole hold again. */
  async function cancelEdit(entry: OutboxEntry): Promise<void> {
    editingId.value = null;
    editErrors.value = {};
    try {
      await stopEditing(await profile.whenDb(), entry.id);
    } catch (error) {
      note.say(failed(error));
    }
  }

  /** Leaves an open correction as Cancel would, so it is not held for ever. */
  function leaveEditing(): void {
    const id = editingId.value;
    const db = editingDb;
    editingId.value = null;
    editingDb = null;
    if (id !== null && db !== null) void stopEditing(db, id).catch(() => undefined);
  }

  // A correction left open by a profile switch or a closed window would keep
  // the animal back for good; a crash still can, and the list then offers Edit.
  watch(
    () => profile.active,
    () => leaveEditing(),
    { flush: 'sync' },
  );
  if (typeof window !== 'undefined') window.addEventListener('pagehide', leaveEditing);
  onScopeDispose(() => {
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', leaveEditing);
  });

  return {
    groups,
    heldCount,
    readError,
    note: note.said,
    editingId,
    draft,
    editErrors,
    recordDraft,
    recordErrors,
    recordShown,
    countdown,
    undo,
    sendNow,
    edit,
    saveEdit,
    cancelEdit,
  };
});
