import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { AnimalProblems, AnimalText } from '../animals/intake-rules';
import {
  createIntakeQueue,
  fieldsAreEmpty,
  takeSnapshot,
  type IntakeFailure,
} from '../animals/intake-queue';
import type { CategoryIndex } from '../data/category-list';
import { profileDb } from '../data/layer';
import { enqueueIntake } from '../data/enqueue';
import { describeStorageError } from '../data/storage';
import { t } from '../i18n';
import { useCategoriesStore } from './categories';
import { useLookAlikes } from './intake/look-alikes';
import { useLastAdded } from './intake/last-added';
import { litterJoinOf, useLitter } from './intake/litter';
import { draftOf, useRecordForm } from './intake/record-form';
import { useRecordsStore } from './records';
import type { IntakeForm, IntakeSnapshot } from './intake/snapshot';
import { useProfileStore } from './profile';
import { useSyncStore } from './sync';

export type { LookAlike } from './intake/look-alikes';

/** A submitted animal that could not be stored, with the message to show. */
export type NotSaved = IntakeFailure<IntakeSnapshot>;

/** The user-facing message for a failed commit, in the language in use. */
function failureMessage(error: unknown): string {
  return describeStorageError(error) ?? t('animals.intake.saveFailed');
}

/**
 * The add-animal form's state. A submit takes a snapshot of the fields, clears
 * them at once and queues the snapshot; snapshots are committed to IndexedDB
 * (pending row + outbox entry) one after another in submit order, each kicking
 * sync. The fate of the animal committed last (synced, or refused by the
 * service) is followed so the form can say so. A snapshot that could not be
 * stored (a full disk) is kept in `notSaved`, with what to do, to be tried
 * again or put back into the form; never put back on its own, as a scanner
 * may already be typing the next animal. Nothing typed is ever dropped.
 */
export const useIntakeStore = defineStore('intake', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();
  const records = useRecordsStore();
  /** The intake record's fields, photo and messages. */
  const record = useRecordForm();

  /** The form's fields. Kept here so a listed failure can be put back into them. */
  const name = ref('');
  /** A category name or number, as typed. */
  const category = ref('');
  const status = ref('');

  const fieldErrors = ref<AnimalProblems>({});
  /** A long name's length while the form asks whether to add it as it is; null otherwise. */
  const longNameToConfirm = ref<number | null>(null);
  const pending = ref(0);
  const notSaved = shallowRef<readonly NotSaved[]>([]);

  /** The names to show a snapshot's category with: its own profile's, current when it is shown. */
  function namesFor(item: IntakeSnapshot): CategoryIndex {
    return item.profile === profile.active ? categories.index : item.names;
  }

  const fields = (): AnimalText => ({
    name: name.value,
    category: category.value,
    status: status.value,
  });

  function fill(values: AnimalText): void {
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

  /** True while every field is empty, the record's too: the next animal has not been started. */
  const formEmpty = computed(() => fieldsAreEmpty(fields()) && record.empty.value);

  const form: IntakeForm = {
    formEmpty,
    putBack(values, recordSnapshot) {
      fill(values);
      record.putBack(recordSnapshot);
      fieldErrors.value = {};
    },
  };
  const last = useLastAdded({ form, db: () => profile.db });
  /** Whether an animal not stored (not saved, a look-alike) may go back into the form: empty, same profile. */
  function canPutBack(entry: { item: IntakeSnapshot }): boolean {
    return formEmpty.value && entry.item.profile === profile.active;
  }
  const lookAlikes = useLookAlikes({
    form,
    namesFor,
    canPutBack,
    enqueue: (item) => queue.enqueue(item),
  });
  const litter = useLitter({
    formEmpty,
    activeProfile: () => profile.active,
    lookAlikesWaiting: () => lookAlikes.lookAlikes.value.length > 0,
    start(start) {
      fill(start.fields);
      record.startWith(start.text);
      fieldErrors.value = {};
    },
  });

  // Sync is kicked once a burst of animals is stored, not once per animal: each
  // kick probes at once while offline, and fifty of them would only push the
  // next probe further away.
  let storedSinceKick = false;

  async function commit(snapshot: IntakeSnapshot): Promise<void> {
    // An animal typed before the data layer has loaded waits here for it, in
    // the queue's order.
    const db = await profileDb(snapshot.profile);
    if (await lookAlikes.setAsideIfLookAlike(db, snapshot)) return;
    const draft = snapshot.record === undefined ? undefined : await draftOf(snapshot.record);
    const result = await enqueueIntake(
      db,
      snapshot.profile,
      snapshot.pet,
      draft,
      litterJoinOf(snapshot),
    );
    if (snapshot.stored !== undefined) snapshot.stored.outboxId = result.outboxId;
    // Only the active profile's entries can be followed (the query reads its database).
    if (snapshot.profile === profile.active) {
      last.added({
        outboxId: result.outboxId,
        name: snapshot.pet.name,
        fields: snapshot.fields,
        record: snapshot.record,
        db,
      });
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
    const recordTaken = record.take(Date.now(), records.strayHoldDays, litter.previous());
    longNameToConfirm.value = null;
    if (!taken.ok) {
      fieldErrors.value = taken.errors;
      return false;
    }
    fieldErrors.value = {};
    if (recordTaken === null) return false;
    // Asked here, before the form clears: the name is still there to change.
    if (taken.longName !== undefined && options.longNameConfirmed !== true) {
      longNameToConfirm.value = taken.longName;
      return false;
    }
    const place = litter.submitted(profile.active, taken.fields, recordTaken?.fields);
    fill({ name: '', category: '', status: '' });
    record.clear();
    queue.enqueue({
      fields: taken.fields,
      pet: taken.pet,
      profile: profile.active,
      names: categories.index,
      ...(recordTaken === undefined ? {} : { record: recordTaken }),
      ...place,
    });
    return true;
  }

  /** Undo of the animal added last; a litter-mate's place is free again, or back in the form. */
  async function undo(): Promise<boolean> {
    const outboxId = last.lastAdded.value?.outboxId;
    const wasEmpty = formEmpty.value;
    const undone = await last.undo();
    if (undone && outboxId !== undefined) litter.undone(outboxId, wasEmpty && !formEmpty.value);
    return undone;
  }

  /** Commits a not-saved animal again, after everything already queued. */
  function retry(id: number): void {
    queue.retry(id);
  }

  /** Puts a not-saved animal back into the form when {@link canPutBack}; returns whether it did. */
  function putBack(id: number): boolean {
    const failure = notSaved.value.find((f) => f.id === id);
    if (failure === undefined || !canPutBack(failure)) return false;
    const item = queue.takeBack(id);
    if (item === undefined) return false;
    form.putBack(item.fields, item.record);
    return true;
  }

  /** Resolves once every submitted animal has been stored or set aside as not saved. */
  function settled(): Promise<void> {
    return queue.settled();
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

  // A form emptied by hand is no litter-mate any more.
  watch(formEmpty, (empty) => {
    if (empty) litter.leave();
  });

  watch(
    () => profile.active,
    () => {
      litter.forget();
      last.forget();
      fieldErrors.value = {};
      record.errors.value = {};
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
    lastAdded: last.lastAdded,
    confirmation: last.confirmation,
    refusal,
    keyNote,
    canUndo: last.canUndo,
    undo,
    canAddLikeThis: litter.canAddLikeThis,
    addLikeThis: litter.addLikeThis,
    litterPlace: litter.place,
    leaveLitter: litter.leave,
    lookAlikes: lookAlikes.lookAlikes,
    addAnother: lookAlikes.addAnother,
    putBackLookAlike: lookAlikes.putBackLookAlike,
    dropLookAlike: lookAlikes.dropLookAlike,
    namesFor,
    serviceError: last.serviceError,
    followError: last.followError,
    submit,
    longNameToConfirm,
    retry,
    putBack,
    canPutBack,
    settled,
    forget: last.forget,
    clearFieldError,
    recordText: record.text,
    photo: record.photo,
    recordErrors: record.errors,
    recordOpen: record.open,
    clearRecordError: record.clearError,
    startWithChip: record.startWithChip,
  };
});
