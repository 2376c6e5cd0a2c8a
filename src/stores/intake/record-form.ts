/**
 * The intake record's part of the add form: its fields as typed, the photo
 * chosen, their messages, and whether the fields are shown. Part of the intake
 * store (`stores/intake.ts`); a submit takes it with the animal, so the next
 * animal starts with an empty record.
 */
import { computed, ref, shallowRef } from 'vue';
import { dataUrlOf } from '../../files/data-url';
import type { RecordDraft, RecordFields } from '../../data/intake-record';
import type { ShrunkPhoto } from '../../records/photo/photo-result';
import {
  checkRecord,
  EMPTY_RECORD_TEXT,
  type RecordProblems,
  type RecordText,
} from '../../records/record-rules';

/** The record part of one submitted animal. */
export interface RecordSnapshot {
  /** As typed, to put back into the form. */
  text: RecordText;
  photo: ShrunkPhoto | null;
  /** As checked, to store. */
  fields: RecordFields;
}

export function useRecordForm() {
  const text = ref<RecordText>({ ...EMPTY_RECORD_TEXT });
  const photo = shallowRef<ShrunkPhoto | null>(null);
  const errors = ref<RecordProblems>({});
  /** The record's fields are shown (the disclosure is open). */
  const open = ref(false);

  const empty = computed(
    () => photo.value === null && Object.values(text.value).every((value) => value === ''),
  );

  /**
   * Checks the record as typed now; the snapshot to store, undefined for an
   * empty record, or null (with the messages set) when a field is wrong.
   * `previous`: fields stored before, kept to the second while not changed.
   */
  function take(
    now: number,
    strayHoldDays: number,
    previous?: RecordFields,
  ): RecordSnapshot | undefined | null {
    const typed = { ...text.value };
    const checked = checkRecord(typed, {
      now,
      strayHoldDays,
      intakeNow: true,
      ...(previous === undefined ? {} : { previous }),
    });
    if (!checked.ok) {
      errors.value = checked.errors;
      open.value = true;
      return null;
    }
    errors.value = {};
    const fields = checked.value;
    if (Object.keys(fields).length === 0 && photo.value === null) return undefined;
    return { text: typed, photo: photo.value, fields };
  }

  function clear(): void {
    text.value = { ...EMPTY_RECORD_TEXT };
    photo.value = null;
    errors.value = {};
  }

  function putBack(snapshot: RecordSnapshot | undefined): void {
    clear();
    if (snapshot === undefined) return;
    text.value = { ...snapshot.text };
    photo.value = snapshot.photo;
    open.value = true;
  }

  /** Starts the next animal's record with `typed` (a litter-mate's shared fields), shown. */
  function startWith(typed: RecordText): void {
    clear();
    text.value = { ...typed };
    open.value = true;
  }

  /** Starts a record with `chip` filled in (a chip scanned that no animal here has). */
  function startWithChip(chip: string): void {
    text.value = { ...text.value, chip };
    open.value = true;
  }

  function clearError(field: keyof RecordText): void {
    if (errors.value[field] === undefined) return;
    const next = { ...errors.value };
    delete next[field];
    errors.value = next;
  }

  return {
    text,
    photo,
    errors,
    open,
    empty,
    take,
    clear,
    putBack,
    startWith,
    startWithChip,
    clearError,
  };
}

/** The record of a snapshot as the data layer stores it. */
export async function draftOf(snapshot: RecordSnapshot): Promise<RecordDraft> {
  const photo = snapshot.photo;
  if (photo === null) return { fields: snapshot.fields, photo: { kind: 'keep' } };
  const dataUrl = await dataUrlOf(photo.blob);
  return {
    fields: snapshot.fields,
    photo: { kind: 'set', dataUrl, width: photo.width, height: photo.height },
  };
}
