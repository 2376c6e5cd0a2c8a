import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ProfileName } from '../../electron/contract';
import { useLiveQuery } from '../composables/live-query';
import type { KennelDb, OutboxEntry } from '../data/db';
import { enqueueIntake, type IntakeErrors } from '../data/outbox';
import { isOutboxEntry } from '../data/row-checks';
import { describeStorageError } from '../sync/storage';
import { storageReadProblem } from '../errors/storage-read';
import { intakeOutcome } from '../animals/intake-outcome';
import {
  createIntakeQueue,
  fieldsAreEmpty,
  takeSnapshot,
  type IntakeFailure,
  type IntakeFields,
} from '../animals/intake-queue';
import { useProfileStore } from './profile';
import { useSyncStore } from './sync';

interface WatchedEntry {
  id: string | null;
  entry: OutboxEntry | null | undefined;
}

interface LastAdded {
  outboxId: string;
  name: string;
}

/**
 * One submitted animal on its way to this computer's database. The profile and
 * its database are those active at the submit, so an animal typed for one
 * profile is never stored in another, even if the user switches meanwhile.
 */
export interface IntakeSnapshot {
  fields: IntakeFields;
  profile: ProfileName;
  db: KennelDb;
}

/** A submitted animal that could not be stored, with the message to show. */
export type NotSaved = IntakeFailure<IntakeSnapshot>;

/** Said when a commit fails for a reason other than a full disk. */
export const SAVE_FAILED_MESSAGE =
  'Kennel could not save this animal on this computer, so nothing was queued. Try again.';

/** Thrown by a commit whose input the data layer refused (the rules changed in between). */
class RefusedInput extends Error {
  constructor(readonly errors: IntakeErrors) {
    super(Object.values(errors).join(' '));
  }
}

/** The user-facing message for a failed commit. */
function failureMessage(error: unknown): string {
  if (error instanceof RefusedInput) return error.message;
  return describeStorageError(error) ?? SAVE_FAILED_MESSAGE;
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

  /** The form's fields. Kept here so a listed failure can be put back into them. */
  const name = ref('');
  const categoryId = ref('');
  const status = ref('');

  const fieldErrors = ref<IntakeErrors>({});
  const lastAdded = shallowRef<LastAdded | null>(null);
  const pending = ref(0);
  const notSaved = shallowRef<readonly NotSaved[]>([]);

  const fields = (): IntakeFields => ({
    name: name.value,
    categoryId: categoryId.value,
    status: status.value,
  });

  function fill(values: IntakeFields): void {
    name.value = values.name;
    categoryId.value = values.categoryId;
    status.value = values.status;
  }

  /** True while every field is empty: the next animal has not been started. */
  const formEmpty = computed(() => fieldsAreEmpty(fields()));

  // Sync is kicked once a burst of animals is stored, not once per animal: each
  // kick probes at once while offline, and fifty of them would only push the
  // next probe further away.
  let storedSinceKick = false;

  async function commit(snapshot: IntakeSnapshot): Promise<void> {
    const result = await enqueueIntake(snapshot.db, snapshot.profile, snapshot.fields);
    if (!result.ok) throw new RefusedInput(result.errors);
    // Only the active profile's entries can be followed (the query reads its database).
    if (snapshot.profile === profile.active) {
      lastAdded.value = { outboxId: result.outboxId, name: snapshot.fields.name.trim() };
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
    pending.value === 0
      ? ''
      : pending.value === 1
        ? 'Saving 1 animal\u2026'
        : `Saving ${pending.value} animals\u2026`,
  );

  const entryQuery = useLiveQuery({
    source: () => [profile.db, lastAdded.value?.outboxId ?? null] as const,
    query: async ([db, id]): Promise<WatchedEntry> => {
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
      : storageReadProblem(entryQuery.error.value, 'the animal just added'),
  );

  const outcome = computed(() => {
    const added = lastAdded.value;
    if (added === null) return null;
    // Until the query for this entry answered, an answer about an earlier one may linger.
    const current = entry.value.id === added.outboxId ? entry.value.entry : null;
    return intakeOutcome(added.name, current);
  });

  /** The polite confirmation under the form. */
  const confirmation = computed(() => outcome.value?.confirmation ?? '');
  /** The service's refusal of the animal just added, shown next to the form. */
  const serviceError = computed(() => outcome.value?.alert ?? null);

  /**
   * Takes the fields as they are now and, when they make a valid animal,
   * clears them and queues the snapshot for commit, all before returning, so
   * whatever is typed next belongs to the next animal. Returns false (and sets
   * the field messages, keeping the fields) when they do not. Never waits for
   * an earlier commit.
   */
  function submit(): boolean {
    const taken = takeSnapshot(fields());
    if (!taken.ok) {
      fieldErrors.value = taken.errors;
      return false;
    }
    fieldErrors.value = {};
    fill({ name: '', categoryId: '', status: '' });
    queue.enqueue({ fields: taken.fields, profile: profile.active, db: profile.db });
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

  /** Resolves once every submitted animal has been stored or set aside as not saved. */
  function settled(): Promise<void> {
    return queue.settled();
  }

  /** Forgets the last added animal (e.g. it was discarded, so "Added" would be wrong). */
  function forget(outboxId?: string): void {
    if (outboxId === undefined || lastAdded.value?.outboxId === outboxId) lastAdded.value = null;
  }

  /** Clears one field's message once the user changes it. */
  function clearFieldError(field: keyof IntakeErrors): void {
    if (fieldErrors.value[field] === undefined) return;
    const next = { ...fieldErrors.value };
    delete next[field];
    fieldErrors.value = next;
  }

  watch(
    () => profile.active,
    () => {
      forget();
      fieldErrors.value = {};
    },
  );

  return {
    name,
    categoryId,
    status,
    fieldErrors,
    pending,
    savingNote,
    notSaved,
    formEmpty,
    lastAdded,
    confirmation,
    serviceError,
    followError,
    submit,
    retry,
    takeBack,
    canTakeBack,
    settled,
    forget,
    clearFieldError,
  };
});
