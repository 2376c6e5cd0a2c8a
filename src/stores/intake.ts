import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { useLiveQuery } from '../composables/live-query';
import type { OutboxEntry } from '../data/db';
import { enqueueIntake, type IntakeErrors, type IntakeInput } from '../data/outbox';
import { isOutboxEntry } from '../data/row-checks';
import { describeStorageError } from '../sync/storage';
import { storageReadProblem } from '../errors/storage-read';
import { intakeOutcome } from '../animals/intake-outcome';
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
 * The add-animal form's state. A submit commits the animal to IndexedDB first
 * (pending row + outbox entry), then the form confirms and sync is kicked; the
 * fate of that one entry (synced, or refused by the service) is then followed
 * so the form can say so.
 */
export const useIntakeStore = defineStore('intake', () => {
  const profile = useProfileStore();

  const fieldErrors = ref<IntakeErrors>({});
  const saveError = ref<string | null>(null);
  const submitting = ref(false);
  const lastAdded = shallowRef<LastAdded | null>(null);

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
   * Validates and queues one animal. Resolves true once it is safely stored;
   * the form then clears itself.
   */
  async function submit(input: IntakeInput): Promise<boolean> {
    if (submitting.value) return false;
    submitting.value = true;
    saveError.value = null;
    try {
      const result = await enqueueIntake(profile.db, profile.active, input);
      if (!result.ok) {
        fieldErrors.value = result.errors;
        return false;
      }
      fieldErrors.value = {};
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      lastAdded.value = { outboxId: result.outboxId, name };
      void useSyncStore().syncNow();
      return true;
    } catch (err) {
      saveError.value =
        describeStorageError(err) ??
        'Kennel could not save this animal on this computer, so nothing was queued. Try again.';
      return false;
    } finally {
      submitting.value = false;
    }
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
      saveError.value = null;
    },
  );

  return {
    fieldErrors,
    saveError,
    submitting,
    lastAdded,
    confirmation,
    serviceError,
    followError,
    submit,
    forget,
    clearFieldError,
  };
});
