/**
 * The one rule set for an intake record as staff type it (the add form, the
 * hold's Edit, the details, the import): what would be stored, or one message
 * per field that says what is wrong. Choices arrive as their codes
 * (`INTAKE_TYPES`...), days as `YYYY-MM-DD`, the intake time as
 * `YYYY-MM-DDTHH:mm` (what a date or time input gives).
 */
import { t } from '../i18n';
import { formatNumber } from '../format/clock';
import { chipProblem, normaliseChip } from './chip';
import {
  DEFAULT_STRAY_HOLD_DAYS,
  INTAKE_BACKDATE_DAYS,
  INTAKE_TYPES,
  NEUTERED,
  NOTES_MAX_LENGTH,
  OUTCOMES,
  SEXES,
  TEXT_MAX_LENGTH,
  type RecordFields,
} from '../data/intake-record';
import { addDays, intakeTimeText, localDayOf, startOfDay, subtractAge } from './local-day';

/** A record as text, exactly as typed; empty for "not given". */
export interface RecordText {
  chip: string;
  sex: string;
  neutered: string;
  birthDate: string;
  /** An estimated age, used when no birth date is given. */
  ageYears: string;
  ageMonths: string;
  breed: string;
  colour: string;
  intakeType: string;
  intakeAt: string;
  foundAt: string;
  kennel: string;
  holdUntil: string;
  notes: string;
  outcome: string;
  outcomeOn: string;
}

export type RecordField = keyof RecordText;
export type RecordProblems = Partial<Record<RecordField, string>>;

export type RecordCheck = { ok: true; value: RecordFields } | { ok: false; errors: RecordProblems };

export interface RecordCheckOptions {
  now: number;
  /** The profile's stray hold in days: a stray without a hold date gets one. */
  strayHoldDays?: number;
  /**
   * The record as stored before this change: an intake time older than the
   * backdating limit is kept when it was not changed.
   */
  previous?: RecordFields;
  /** Whether an empty intake time means "now" (at intake) rather than "not known". */
  intakeNow?: boolean;
  /**
   * Whether an intake time may be any day in the past: a spreadsheet of
   * animals already in care holds intakes from long ago. Never one still to come.
   */
  anyPastIntake?: boolean;
}

export const EMPTY_RECORD_TEXT: RecordText = {
  chip: '',
  sex: '',
  neutered: '',
  birthDate: '',
  ageYears: '',
  ageMonths: '',
  breed: '',
  colour: '',
  intakeType: '',
  intakeAt: '',
  foundAt: '',
  kennel: '',
  holdUntil: '',
  notes: '',
  outcome: '',
  outcomeOn: '',
};

/** The fields while they are being checked: a field may be found empty. */
type Draft = { [K in keyof RecordFields]?: RecordFields[K] | undefined };

const MINUTE = 60_000;
const TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

function oneOf<T extends string>(list: readonly T[], text: string): T | undefined {
  return (list as readonly string[]).includes(text) ? (text as T) : undefined;
}

/** `text` as an instant: a day and a time, or a day alone (its midnight); null when neither. */
function parseTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (match === null) return null;
  const day = startOfDay(match[1] ?? '');
  if (day === null) return null;
  if (match[2] === undefined) return day;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 23 || minutes > 59) return null;
  const at = new Date(day);
  at.setHours(hours, minutes, 0, 0);
  return at.getTime();
}

/** `fields` as the form shows them, to edit them again. */
export function recordText(fields: RecordFields): RecordText {
  return {
    ...EMPTY_RECORD_TEXT,
    chip: fields.chip ?? '',
    sex: fields.sex ?? '',
    neutered: fields.neutered ?? '',
    birthDate: fields.birthDate ?? '',
    breed: fields.breed ?? '',
    colour: fields.colour ?? '',
    intakeType: fields.intakeType ?? '',
    intakeAt: fields.intakeAt === undefined ? '' : intakeTimeText(fields.intakeAt),
    foundAt: fields.foundAt ?? '',
    kennel: fields.kennel ?? '',
    holdUntil: fields.holdUntil ?? '',
    notes: fields.notes ?? '',
    outcome: fields.outcome ?? '',
    outcomeOn: fields.outcomeOn ?? '',
    // An estimated birth date is shown as the date it was worked out to; the
    // estimate mark stays while the date is not changed (`checkRecord`).
  };
}

function freeText(
  text: string,
  field: RecordField,
  max: number,
  errors: RecordProblems,
): string | undefined {
  const value = text.trim();
  if (value.length > max) {
    errors[field] = t('records.problems.tooLong', {
      max: formatNumber(max),
      length: formatNumber(value.length),
    });
  }
  return value === '' ? undefined : value;
}

function checkChip(text: string, errors: RecordProblems): string | undefined {
  const chip = normaliseChip(text);
  if (chip === '') return undefined;
  const problem = chipProblem(chip);
  if (problem?.kind === 'character') {
    errors.chip = t('records.problems.chipCharacter', { character: problem.character });
  } else if (problem?.kind === 'length') {
    errors.chip = t('records.problems.chipLength', { length: formatNumber(problem.length) });
  }
  return chip;
}

function wholeNumber(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > max ? null : n;
}

function checkAge(
  text: RecordText,
  today: string,
  fields: Draft,
  errors: RecordProblems,
  previous?: RecordFields,
): void {
  const birth = text.birthDate.trim();
  if (birth !== '') {
    if (startOfDay(birth) === null) errors.birthDate = t('records.problems.day');
    else if (birth > today) errors.birthDate = t('records.problems.future');
    else {
      fields.birthDate = birth;
      if (previous?.birthEstimated === true && previous.birthDate === birth) {
        fields.birthEstimated = true;
      }
    }
    return;
  }
  const years = wholeNumber(text.ageYears, 40);
  const months = wholeNumber(text.ageMonths, 11);
  if (years === null) errors.ageYears = t('records.problems.years');
  if (months === null) errors.ageMonths = t('records.problems.months');
  if (years === null || months === null || (years === undefined && months === undefined)) return;
  fields.birthDate = subtractAge(today, years ?? 0, months ?? 0);
  fields.birthEstimated = true;
}

function checkIntake(
  text: RecordText,
  options: RecordCheckOptions,
  fields: Draft,
  errors: RecordProblems,
): void {
  fields.intakeType = oneOf(INTAKE_TYPES, text.intakeType);
  if (text.intakeType !== '' && fields.intakeType === undefined) {
    errors.intakeType = t('records.problems.choice');
  }
  const typed = text.intakeAt.trim();
  if (typed === '') {
    if (options.intakeNow === true) fields.intakeAt = options.now;
    return;
  }
  const at = parseTime(typed);
  const previous = options.previous?.intakeAt;
  if (at === null) {
    errors.intakeAt = t('records.problems.time');
  } else if (previous !== undefined && intakeTimeText(at) === intakeTimeText(previous)) {
    // The minute it is shown as: the stored time, to the second, is kept.
    fields.intakeAt = previous;
  } else if (at > options.now + MINUTE) {
    errors.intakeAt = t('records.problems.future');
  } else if (
    options.anyPastIntake !== true &&
    // A minute's grace, as the field is to the minute: "30 days back" as typed is taken.
    at < options.now - INTAKE_BACKDATE_DAYS * 24 * 60 * MINUTE - MINUTE
  ) {
    errors.intakeAt = t('records.problems.backdate', { days: formatNumber(INTAKE_BACKDATE_DAYS) });
  } else {
    fields.intakeAt = at;
  }
}

function checkHold(
  text: RecordText,
  options: RecordCheckOptions,
  fields: Draft,
  errors: RecordProblems,
): void {
  const typed = text.holdUntil.trim();
  const intakeDay = localDayOf(fields.intakeAt ?? options.now);
  if (typed === '') {
    if (fields.intakeType === 'stray') {
      fields.holdUntil = addDays(intakeDay, options.strayHoldDays ?? DEFAULT_STRAY_HOLD_DAYS);
    }
    return;
  }
  // Without an intake time there is no day the hold must not end before.
  const cameIn = fields.intakeAt === undefined ? null : intakeDay;
  if (startOfDay(typed) === null) errors.holdUntil = t('records.problems.day');
  else if (cameIn !== null && typed < cameIn) {
    errors.holdUntil = t('records.problems.holdBeforeIntake');
  } else fields.holdUntil = typed;
}

function checkOutcome(
  text: RecordText,
  today: string,
  fields: Draft,
  errors: RecordProblems,
): void {
  fields.outcome = oneOf(OUTCOMES, text.outcome);
  if (text.outcome !== '' && fields.outcome === undefined) {
    errors.outcome = t('records.problems.choice');
  }
  const on = text.outcomeOn.trim();
  if (on === '') {
    if (fields.outcome !== undefined) fields.outcomeOn = today;
    return;
  }
  if (fields.outcome === undefined && text.outcome === '') {
    errors.outcomeOn = t('records.problems.outcomeDayAlone');
  } else if (startOfDay(on) === null) errors.outcomeOn = t('records.problems.day');
  else if (on > today) errors.outcomeOn = t('records.problems.future');
  else fields.outcomeOn = on;
}

/** Checks `text`; see the module comment. Fields left empty stay absent. */
export function checkRecord(text: RecordText, options: RecordCheckOptions): RecordCheck {
  const errors: RecordProblems = {};
  const today = localDayOf(options.now);
  const fields: Draft = {};
  fields.chip = checkChip(text.chip, errors);
  fields.sex = oneOf(SEXES, text.sex);
  if (text.sex !== '' && fields.sex === undefined) errors.sex = t('records.problems.choice');
  fields.neutered = oneOf(NEUTERED, text.neutered);
  if (text.neutered !== '' && fields.neutered === undefined) {
    errors.neutered = t('records.problems.choice');
  }
  checkAge(text, today, fields, errors, options.previous);
  fields.breed = freeText(text.breed, 'breed', TEXT_MAX_LENGTH, errors);
  fields.colour = freeText(text.colour, 'colour', TEXT_MAX_LENGTH, errors);
  checkIntake(text, options, fields, errors);
  fields.foundAt = freeText(text.foundAt, 'foundAt', TEXT_MAX_LENGTH, errors);
  fields.kennel = freeText(text.kennel, 'kennel', TEXT_MAX_LENGTH, errors);
  checkHold(text, options, fields, errors);
  fields.notes = freeText(text.notes, 'notes', NOTES_MAX_LENGTH, errors);
  checkOutcome(text, today, fields, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // "Now" alone is no record: an animal typed on the quick path keeps none.
  if (options.intakeNow === true && text.intakeAt.trim() === '') {
    const { intakeAt: _now, ...rest } = fields;
    if (!Object.values(rest).some((value) => value !== undefined)) delete fields.intakeAt;
  }
  for (const key of Object.keys(fields) as (keyof Draft)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return { ok: true, value: fields as RecordFields };
}
