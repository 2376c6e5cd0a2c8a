/**
 * The animal added last: its fate followed from the outbox (held, sent,
 * refused), the confirmation under the form, and Undo while it is still on
 * this computer and untried. Part of the intake store (`stores/intake.ts`).
 */
import { computed, ref, shallowRef } from 'vue';
import { intakeOutcome } from '../../animals/intake-outcome';
import type { AnimalText } from '../../animals/intake-rules';
import type { KennelDb, OutboxEntry } from '../../data/db';
import { useLiveQuery } from '../../data/live-query';
import { canTakeBack } from '../../data/entry-change';
import { takeBack } from '../../data/take-back';
import { isOutboxEntry } from '../../data/row-checks';
import { describeStorageError } from '../../data/storage';
import { storageReadProblem } from '../../errors/storage-read';
import { t } from '../../i18n';
import type { RecordSnapshot } from './record-form';
import type { IntakeForm } from './snapshot';

interface LastAdded {
  outboxId: string;
  name: string;
  /** What was typed, to put back into the form after an Undo. */
  fields: AnimalText;
  record?: RecordSnapshot | undefined;
  db: KennelDb;
}

interface WatchedEntry {
  id: string | null;
  entry: OutboxEntry | null | undefined;
}

interface LastAddedDeps {
  form: IntakeForm;
  /** The active profile's database (null while it opens). */
  db(): KennelDb | null;
}

/** Why Undo could not take an animal back, from what became of its entry. */
function notWithdrawnMessage(name: string, entry: OutboxEntry | null | undefined): string {
  if (entry?.state === 'needs-attention') {
    return t('animals.intake.sentRefused', { name });
  }
  return t('hold.tooLate', { name });
}

export function useLastAdded(deps: LastAddedDeps) {
  const lastAdded = shallowRef<LastAdded | null>(null);
  /** What Undo did (or why it could not), said politely in place of the confirmation. */
  const undoNote = ref('');
  const undoing = ref(false);

  const entryQuery = useLiveQuery({
    db: deps.db,
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

  /** The entry of the animal added last, once read; null while unknown. */
  const lastEntry = computed(() => {
    const added = lastAdded.value;
    return added !== null && entry.value.id === added.outboxId ? entry.value.entry : null;
  });

  const outcome = computed(() => {
    const added = lastAdded.value;
    // Until the query for this entry answered, an answer about an earlier one may linger.
    return added === null ? null : intakeOutcome(added.name, lastEntry.value);
  });

  /**
   * Undo is offered while the animal added last is still on this computer
   * and untried (in its hold, or waiting offline): once the replayer has
   * claimed it, the service may have it and cannot delete it. Nothing is said
   * when it goes (the confirmation then says the animal was added), unless a
   * click on it lands just after.
   */
  const canUndo = computed(() => {
    if (lastAdded.value === null || undoing.value) return false;
    const current = lastEntry.value;
    return current === null || (current !== undefined && canTakeBack(current));
  });

  /** The polite confirmation under the form. */
  const confirmation = computed(() => undoNote.value || (outcome.value?.confirmation ?? ''));
  /** The service's refusal of the animal just added, shown next to the form. */
  const serviceError = computed(() => outcome.value?.alert ?? null);

  /** An animal of the active profile was stored: it is the one followed now. */
  function added(value: LastAdded): void {
    lastAdded.value = value;
    undoNote.value = '';
  }

  /**
   * Takes the animal added last back out of the queue, when it has not been
   * claimed for sending. Its details go back into the form when the form is
   * empty (Undo returns to the moment before the add), and are never typed
   * over what is there. Resolves to whether it was taken back.
   */
  async function undo(): Promise<boolean> {
    const last = lastAdded.value;
    if (last === null || undoing.value) return false;
    // A click can land just as the button goes (the replayer claimed the
    // animal): the person asked, so they are told why nothing was taken back.
    if (!canUndo.value) {
      undoNote.value = notWithdrawnMessage(last.name, lastEntry.value);
      return false;
    }
    undoing.value = true;
    try {
      let withdrawn: boolean;
      try {
        withdrawn = (await takeBack(last.db, [last.outboxId])).withdrawn === 1;
      } catch (error) {
        undoNote.value = t('animals.intake.undoFailed', {
          name: last.name,
          reason: describeStorageError(error) ?? t('animals.intake.dbUnchanged'),
        });
        return false;
      }
      if (!withdrawn) {
        const row: unknown = await last.db.outbox.get(last.outboxId).catch(() => null);
        undoNote.value = notWithdrawnMessage(last.name, isOutboxEntry(row) ? row : undefined);
        return false;
      }
      if (lastAdded.value === last) lastAdded.value = null;
      const back = deps.form.formEmpty.value && deps.db() === last.db;
      if (back) deps.form.putBack(last.fields, last.record);
      undoNote.value = back
        ? t('animals.intake.undoneBack', { name: last.name })
        : t('animals.intake.undone', { name: last.name });
      return true;
    } finally {
      undoing.value = false;
    }
  }

  /** Forgets the last added animal (e.g. it was discarded, so "Added" would be wrong). */
  function forget(outboxId?: string): void {
    if (outboxId === undefined || lastAdded.value?.outboxId === outboxId) {
      lastAdded.value = null;
      undoNote.value = '';
    }
  }

  return {
    lastAdded,
    added,
    followError,
    canUndo,
    confirmation,
    serviceError,
    undo,
    forget,
  };
}
