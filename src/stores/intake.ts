import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { NewPet, ProfileName } from '../../electron/contract';
import { useLiveQuery } from '../data/live-query';
import type { KennelDb, OutboxEntry } from '../data/db';
import { profileDb } from '../data/layer';
import { canTakeBack as entryCanBeTakenBack, enqueueIntake, withdrawEntry } from '../data/outbox';
import type { AnimalProblems } from '../animals/intake-rules';
import { isOutboxEntry } from '../data/row-checks';
import { describeStorageError } from '../data/storage';
import { storageReadProblem } from '../errors/storage-read';
import { intakeOutcome } from '../animals/intake-outcome';
import { t } from '../i18n';
import { duplicateWarning, type EarlierAnimal } from '../animals/duplicates';
import { findRecentDuplicate } from '../animals/earlier';
import {
  createIntakeQueue,
  fieldsAreEmpty,
  takeSnapshot,
  type IntakeFailure,
  type IntakeFields,
} from '../animals/intake-queue';
import type { CategoryIndex } from '../data/category-list';
import { useCategoriesStore } from './categories';
import { useProfileStore } from './profile';
import { useSyncStore } from './sync';

interface WatchedEntry {
  id: string | null;
  entry: OutboxEntry | null | undefined;
}

interface LastAdded {
  outboxId: string;
  name: string;
  /** What was typed, to put back into the form after an Undo. */
  fields: IntakeFields;
  db: KennelDb;
}

/**
 * One submitted animal on its way to this computer's database. The profile is
 * the one active at the submit, and the animal is stored in its database, so an
 * animal typed for one profile is never stored in another, even if the user
 * switches meanwhile.
 */
export interface IntakeSnapshot {
  /** What was typed, to put back into the form. */
  fields: IntakeFields;
  /** What is stored and sent: the category resolved to its number at the submit. */
  pet: NewPet;
  profile: ProfileName;
  /** The profile's category names at the submit, to name the category while another profile is shown. */
  names: CategoryIndex;
  /** The user chose "Add another" after the duplicate warning: not checked again. */
  confirmed?: boolean;
}

/** A submitted animal held back because it looks like one added recently, until the user decides. */
export interface HeldDuplicate {
  readonly id: number;
  readonly item: IntakeSnapshot;
  /** "Bella (Dog) was added 3 minutes ago. Add another?", in the profile's current names. */
  readonly warning: string;
}

/** A held duplicate as kept: the warning is worded when shown, so a rename shows at once. */
interface Held {
  readonly id: number;
  readonly item: IntakeSnapshot;
  readonly earlier: EarlierAnimal;
  readonly heldAt: number;
}

/** A submitted animal that could not be stored, with the message to show. */
export type NotSaved = IntakeFailure<IntakeSnapshot>;

/** Said when a commit fails for a reason other than a full disk, in the language in use. */
export function saveFailedMessage(): string {
  return t('animals.intake.saveFailed');
}

/** Why Undo could not take an animal back, from what became of its entry. */
function notWithdrawnMessage(name: string, entry: OutboxEntry | null | undefined): string {
  if (entry?.state === 'needs-attention') {
    return t('animals.intake.sentRefused', { name });
  }
  return t('hold.tooLate', { name });
}

/** The user-facing message for a failed commit. */
function failureMessage(error: unknown): string {
  return describeStorageError(error) ?? saveFailedMessage();
}

/**
 * The add-animal form's state. A submit takes a snapshot of the fields, clears
 * them at once and queues the snapshot; snapshots are committed to IndexedDB
 * (pending row + outbox entry) one after another in submit order, each kicking
 * sync. The fate of the animal committed last (synced, or refused by the
 * service) is followed so the form can say so. A snapshot that could not be
 * stored goes back into the form when it is still empty, and into `notSaved`
 * otherwise; nothing typed is ever dropped.
 */
export const useIntakeStore = defineStore('intake', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();

  /** The form's fields. Kept here so a listed failure can be put back into them. */
  const name = ref('');
  /** A category name or number, as typed. */
  const category = ref('');
  const status = ref('');

  const fieldErrors = ref<AnimalProblems>({});
  /** A long name's length while the form asks whether to add it as it is; null otherwise. */
  const longNameToConfirm = ref<number | null>(null);
  const lastAdded = shallowRef<LastAdded | null>(null);
  const pending = ref(0);
  const notSaved = shallowRef<readonly NotSaved[]>([]);
  const held = shallowRef<readonly Held[]>([]);
  const duplicates = computed<readonly HeldDuplicate[]>(() =>
    held.value.map(({ id, item, earlier, heldAt }) => ({
      id,
      item,
      warning: duplicateWarning(earlier, heldAt, namesFor(item)),
    })),
  );
  let nextHeldId = 1;
  /** What Undo did (or why it could not), said politely in place of the confirmation. */
  const undoNote = ref('');
  const undoing = ref(false);

  /** The names to show a snapshot's category with: its own profile's, current when it is shown. */
  function namesFor(item: IntakeSnapshot): CategoryIndex {
    return item.profile === profile.active ? categories.index : item.names;
  }

  const fields = (): IntakeFields => ({
    name: name.value,
    category: category.value,
    status: status.value,
  });

  function fill(values: IntakeFields): void {
    name.value = values.name;
    category.value = values.category;
    status.value = values.status;
  }

  /** Why the active profile cannot take animals in; null when it can. */
  const refusal = computed(() => profile.intakeRefusal);
  /** Said beside the form while the profile has no key: animals queue, and go once it is entered. */
  const keyNote = computed(() => {
    const info = profile.activeInfo;
    return info !== null && info.baseUrl !== '' && !info.hasKey ? t('hold.noKey') : '';
  });

  /** True while every field is empty: the next animal has not been started. */
  const formEmpty = computed(() => fieldsAreEmpty(fields()));

  // Sync is kicked once a burst of animals is stored, not once per animal: each
  // kick probes at once while offline, and fifty of them would only push the
  // next probe further away.
  let storedSinceKick = false;

  // The check runs here, in the commit queue, not at the submit: the form has
  // already moved on, so a scanner's next animal is never held up by it. The
  // queue is strictly ordered, so the second of two identical scans sees the
  // first one's entry.
  async function heldAsDuplicate(db: KennelDb, snapshot: IntakeSnapshot): Promise<boolean> {
    if (snapshot.confirmed === true) return false;
    const now = Date.now();
    const earlier = await findRecentDuplicate(db, snapshot.pet, now);
    if (earlier === null) return false;
    held.value = [...held.value, { id: nextHeldId++, item: snapshot, earlier, heldAt: now }];
    return true;
  }

  async function commit(snapshot: IntakeSnapshot): Promise<void> {
    // An animal typed before the data layer has loaded waits here for it, in
    // the queue's order.
    const db = await profileDb(snapshot.profile);
    if (await heldAsDuplicate(db, snapshot)) return;
    const result = await enqueueIntake(db, snapshot.profile, snapshot.pet);
    // Only the active profile's entries can be followed (the query reads its database).
    if (snapshot.profile === profile.active) {
      lastAdded.value = {
        outboxId: result.outboxId,
        name: snapshot.pet.name,
        fields: snapshot.fields,
        db,
      };
      undoNote.value = '';
    }
    storedSinceKick = true;
  }

  const queue = createIntakeQueue<IntakeSnapshot>({
    commit,
    describe: failureMessage,
    onChange: () => {
      pending.value = queue.pending;
      notSaved.value = queue.failures;
      if (queue.pending === 0 && storedSinceKick) {
        storedSinceKick = false;
        void useSyncStore().syncNow();
      }
    },
  });

  /** "Saving 3 animals…" while any is on its way to this computer's database. */
  const savingNote = computed(() =>
    pending.value === 0 ? '' : t('animals.add.saving', { n: pending.value }, pending.value),
  );

  const entryQuery = useLiveQuery({
    db: () => profile.db,
    source: () => lastAdded.value?.outboxId ?? null,
    query: async (db, id): Promise<WatchedEntry> => {
      if (id === null) return { id, entry: null };
      const row: unknown = await db.outbox.get(id);
      return { id, entry: row === undefined ? undefined : isOutboxEntry(row) ? row : null };
    },
    initial: { id: null, entry: null } as WatchedEntry,
  });
  const entry = entryQuery.value;

  /** Why the fate of the animal just added cannot be followed; null while it can. */
  const followError = computed(() =>
    lastAdded.value === null
      ? null
      : storageReadProblem(entryQuery.error.value, t('data.what.justAdded')),
  );

  const outcome = computed(() => {
    const added = lastAdded.value;
    if (added === null) return null;
    // Until the query for this entry answered, an answer about an earlier one may linger.
    const current = entry.value.id === added.outboxId ? entry.value.entry : null;
    return intakeOutcome(added.name, current);
  });

  /** The entry of the animal added last, once read; null while unknown. */
  const lastEntry = computed(() => {
    const added = lastAdded.value;
    return added !== null && entry.value.id === added.outboxId ? entry.value.entry : null;
  });

  /**
   * Undo is offered while the animal added last is still on this computer
   * and untried (in its hold, or waiting offline): once the replayer has
   * claimed it, the service may have it and cannot delete it. Nothing is said
   * when it goes: the confirmation then says the animal was added.
   */
  const canUndo = computed(() => {
    if (lastAdded.value === null || undoing.value) return false;
    const current = lastEntry.value;
    return current === null || (current !== undefined && entryCanBeTakenBack(current));
  });

  /** The polite confirmation under the form. */
  const confirmation = computed(() => undoNote.value || (outcome.value?.confirmation ?? ''));
  /** The service's refusal of the animal just added, shown next to the form. */
  const serviceError = computed(() => outcome.value?.alert ?? null);

  /**
   * Takes the fields as they are now and, when they make a valid animal,
   * clears them and queues the snapshot for commit, all before returning, so
   * whatever is typed next belongs to the next animal. Returns false (and sets
   * the field messages, keeping the fields) when they do not, or when the
   * profile cannot take animals in ({@link refusal}). A long name is not
   * queued until the user confirms it: the first submit returns false and sets
   * {@link longNameToConfirm}; `longNameConfirmed` is that confirmation. Never
   * waits for an earlier commit.
   */
  function submit(options: { longNameConfirmed?: boolean } = {}): boolean {
    if (refusal.value !== null) return false;
    const taken = takeSnapshot(fields(), categories.index);
    longNameToConfirm.value = null;
    if (!taken.ok) {
      fieldErrors.value = taken.errors;
      return false;
    }
    fieldErrors.value = {};
    // Asked here, before the form clears: the name is still there to change.
    if (taken.longName !== undefined && options.longNameConfirmed !== true) {
      longNameToConfirm.value = taken.longName;
      return false;
    }
    fill({ name: '', category: '', status: '' });
    queue.enqueue({
      fields: taken.fields,
      pet: taken.pet,
      profile: profile.active,
      names: categories.index,
    });
    return true;
  }

  /** Commits a not-saved animal again, after everything already queued. */
  function retry(id: number): void {
    queue.retry(id);
  }

  /**
   * Puts a not-saved animal back into the form, only while the form is empty
   * and on the profile it was typed for; returns whether it did.
   */
  function takeBack(id: number): boolean {
    const failure = notSaved.value.find((f) => f.id === id);
    if (failure === undefined || !canTakeBack(failure)) return false;
    const item = queue.takeBack(id);
    if (item === undefined) return false;
    fill(item.fields);
    fieldErrors.value = {};
    return true;
  }

  /** Whether {@link takeBack} would put `failure` back into the form now. */
  function canTakeBack(failure: NotSaved): boolean {
    return formEmpty.value && failure.item.profile === profile.active;
  }

  /**
   * Takes the animal added last back out of the queue, when it has not been
   * claimed for sending. Its details go back into the form when the form is
   * empty (Undo returns to the moment before the add), and are never typed
   * over what is there. Resolves to whether it was taken back.
   */
  async function undo(): Promise<boolean> {
    const added = lastAdded.value;
    if (added === null || !canUndo.value) return false;
    undoing.value = true;
    try {
      let withdrawn: boolean;
      try {
        withdrawn = await withdrawEntry(added.db, added.outboxId);
      } catch (error) {
        undoNote.value = t('animals.intake.undoFailed', {
          name: added.name,
          reason: describeStorageError(error) ?? t('animals.intake.dbUnchanged'),
        });
        return false;
      }
      if (!withdrawn) {
        const row: unknown = await added.db.outbox.get(added.outboxId).catch(() => null);
        undoNote.value = notWithdrawnMessage(added.name, isOutboxEntry(row) ? row : undefined);
        return false;
      }
      if (lastAdded.value === added) lastAdded.value = null;
      const back = formEmpty.value && profile.db === added.db;
      if (back) fill(added.fields);
      undoNote.value = back
        ? t('animals.intake.undoneBack', { name: added.name })
        : t('animals.intake.undone', { name: added.name });
      return true;
    } finally {
      undoing.value = false;
    }
  }

  /** Queues a held duplicate after the user chose "Add another", behind anything already queued. */
  function addAnother(id: number): boolean {
    const found = held.value.find((d) => d.id === id);
    if (found === undefined) return false;
    held.value = held.value.filter((d) => d !== found);
    queue.enqueue({ ...found.item, confirmed: true });
    return true;
  }

  /** Puts a held duplicate back into the form (to change it), on the same terms as a not-saved one. */
  function takeBackDuplicate(id: number): boolean {
    const found = held.value.find((d) => d.id === id);
    if (found === undefined || !canTakeBackDuplicate(found)) return false;
    held.value = held.value.filter((d) => d !== found);
    fill(found.item.fields);
    fieldErrors.value = {};
    return true;
  }

  /** Whether {@link takeBackDuplicate} would put `duplicate` back into the form now. */
  function canTakeBackDuplicate(duplicate: Pick<HeldDuplicate, 'item'>): boolean {
    return formEmpty.value && duplicate.item.profile === profile.active;
  }

  /** The user decided a held duplicate is not a new animal: it is dropped, on their word only. */
  function dropDuplicate(id: number): boolean {
    const before = held.value.length;
    held.value = held.value.filter((d) => d.id !== id);
    return held.value.length < before;
  }

  /** Resolves once every submitted animal has been stored or set aside as not saved. */
  function settled(): Promise<void> {
    return queue.settled();
  }

  /** Forgets the last added animal (e.g. it was discarded, so "Added" would be wrong). */
  function forget(outboxId?: string): void {
    if (outboxId === undefined || lastAdded.value?.outboxId === outboxId) {
      lastAdded.value = null;
      undoNote.value = '';
    }
  }

  /** Clears one field's message once the user changes it. */
  function clearFieldError(field: keyof AnimalProblems): void {
    if (fieldErrors.value[field] === undefined) return;
    const next = { ...fieldErrors.value };
    delete next[field];
    fieldErrors.value = next;
  }

  // The question was about the name as it was; another name, or profile, is asked anew.
  watch([name, () => profile.active], () => {
    longNameToConfirm.value = null;
  });

  watch(
    () => profile.active,
    () => {
      forget();
      fieldErrors.value = {};
    },
  );

  return {
    name,
    category,
    status,
    fieldErrors,
    pending,
    savingNote,
    notSaved,
    formEmpty,
    lastAdded,
    confirmation,
    refusal,
    keyNote,
    canUndo,
    undo,
    duplicates,
    addAnother,
    takeBackDuplicate,
    canTakeBackDuplicate,
    dropDuplicate,
    namesFor,
    serviceError,
    followError,
    submit,
    longNameToConfirm,
    retry,
    takeBack,
    canTakeBack,
    settled,
    forget,
    clearFieldError,
  };
});
