/**
 * What "Add another like this" carries from the animal just added to the
 * next one of its litter. Litter-mates came in together: the same category
 * and status, the same way and moment in, found at the same place, housed
 * in the same kennel, held as strays until the same day, of the same breed
 * and born the same day. What tells one from another is never carried: its
 * name, microchip, photo and sex, nor its colour and markings, whether it is
 * neutered or its notes, which differ between litter-mates more often than
 * not and would be wrong without anyone noticing.
 */
import type { AnimalText } from '../animals/intake-rules';
import type { IntakeRecord, RecordFields } from '../data/intake-record';
import { intakeTimeText } from './local-day';
import { EMPTY_RECORD_TEXT, type RecordText } from './record-rules';

/** The record's fields a litter-mate shares. */
const SHARED_RECORD_FIELDS = [
  'birthDate',
  'birthEstimated',
  'breed',
  'intakeType',
  'intakeAt',
  'foundAt',
  'kennel',
  'holdUntil',
] as const satisfies readonly (keyof RecordFields)[];

/** The next litter-mate as the form starts it. */
export interface LikeThis {
  fields: AnimalText;
  text: RecordText;
  /**
   * The shared fields as stored, for the record's check: the intake time to
   * the second (the form shows it to the minute) and an estimated birth date
   * stay exactly as they were while they are not changed.
   */
  previous: RecordFields;
}

/** The shared part of `record`. */
export function sharedFields(record: RecordFields): RecordFields {
  const shared: RecordFields = {};
  for (const field of SHARED_RECORD_FIELDS) {
    if (record[field] !== undefined) Object.assign(shared, { [field]: record[field] });
  }
  return shared;
}

/** The form of the next litter-mate of an animal added as `fields` with `record`. */
export function likeThis(fields: AnimalText, record: RecordFields): LikeThis {
  const previous = sharedFields(record);
  return {
    fields: { name: '', category: fields.category, status: fields.status },
    text: {
      ...EMPTY_RECORD_TEXT,
      birthDate: previous.birthDate ?? '',
      breed: previous.breed ?? '',
      intakeType: previous.intakeType ?? '',
      intakeAt: previous.intakeAt === undefined ? '' : intakeTimeText(previous.intakeAt),
      foundAt: previous.foundAt ?? '',
      kennel: previous.kennel ?? '',
      holdUntil: previous.holdUntil ?? '',
    },
    previous,
  };
}

/**
 * The records of the litter `id`, in their places. Two animals given one
 * place (a file from another desk) keep a stable order by key.
 */
export function litterRecords(records: readonly IntakeRecord[], id: string): IntakeRecord[] {
  return records
    .filter((record) => record.litter?.id === id)
    .sort(
      (a, b) =>
        (a.litter?.place ?? 0) - (b.litter?.place ?? 0) ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}
