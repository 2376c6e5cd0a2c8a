/**
 * The import's Add: every ready row queued in one transaction, after a last
 * look at the animals on this computer, and what it did said in the profile
 * it was done in. Part of the import store (`stores/import.ts`).
 */
import { computed, ref, type ComputedRef, type ShallowRef } from 'vue';
import type { KennelDb } from '../../data/db';
import { hasRecordFields, KEEP_PHOTO, type RecordDraft } from '../../data/intake-record';
import { profileDb } from '../../data/layer';
import { enqueueMany } from '../../data/enqueue';
import { describeStorageError } from '../../data/storage';
import { formatNumber } from '../../format/clock';
import { t } from '../../i18n';
import { isReady, type CheckedRow } from '../../import/rows';
import { useProfileStore } from '../profile';
import { useProfileNote } from '../profile-note';
import { useSyncStore } from '../sync';

/** What the last Add did, kept as a count so its sentence follows the language. */
type CommitOutcome = { queued: number } | { problem: 'changed' | 'saveFailed' } | { text: string };

interface ImportCommitDeps {
  checked: ComputedRef<CheckedRow[]>;
  /** Rows the Add would queue now, as the button says. */
  ready: ComputedRef<number>;
  confirmed: Readonly<ShallowRef<ReadonlySet<number>>>;
  longConfirmed: Readonly<ShallowRef<ReadonlySet<number>>>;
  /** Rows already queued by an Add; they leave the view. */
  added: ShallowRef<ReadonlySet<number>>;
  /** Rows are not checked yet, or the columns or the first row are in question. */
  blocked(): boolean;
  /** What the animals were read from, kept with each; undefined for pasted cells. */
  source(): string | undefined;
  settled(): Promise<void>;
  lookUpEarlier(): Promise<unknown>;
}

/** What a ready row's record asks to be kept with its animal; nothing when it has none. */
function recordDraft(row: CheckedRow): RecordDraft | undefined {
  const fields = row.recordFields;
  return fields !== null && hasRecordFields(fields) ? { fields, photo: KEEP_PHOTO } : undefined;
}

export function useCommitImport(deps: ImportCommitDeps) {
  const profile = useProfileStore();
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
    return done.problem === 'changed' ? t('import.commit.changed') : t('import.commit.saveFailed');
  });

  /**
   * Queues every ready row in ONE transaction: all of them or, when storage
   * fails, none (and they stay here). The look-alike check runs again first,
   * against the database as it is now; if it holds more rows back than the
   * preview showed, nothing is added and the user looks again.
   */
  async function commit(): Promise<boolean> {
    // Rows still being checked are rows nobody has seen: Add waits for the preview.
    if (committing.value || deps.blocked()) return false;
    // What the button said; a check that starts meanwhile and changes it is said, not added.
    const promised = deps.ready.value;
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
      await deps.settled();
      await deps.lookUpEarlier();
      const ready = deps.checked.value.filter((row) =>
        isReady(row, deps.confirmed.value, deps.longConfirmed.value),
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
        deps.source(),
      );
      deps.added.value = new Set([...deps.added.value, ...ready.map((row) => row.id)]);
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

  return { committing, commitNote, commitProblem, commit, forgetOutcome: commitOutcome.clear };
}
