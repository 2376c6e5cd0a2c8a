/**
 * An intake record's facts in staff's words, for every screen that shows
 * them (the kennel card, the Overview, details, the list): a chip grouped for
 * reading aloud, an age from a birth date, sex and neutering together, how
 * and when the animal came in, a stray hold's last day. Days are written as
 * `formatDay` writes them, never `YYYY-MM-DD`. Nothing here reads a clock:
 * what "today" is comes from the caller.
 */
import type { IntakeType, LocalDay, Neutered, Outcome, Sex } from '../data/intake-record';
import { formatDay, formatNumber } from '../format/clock';
import { t } from '../i18n';
import { ageOn, startOfDay } from './local-day';

/**
 * A stored (normalised) chip in groups, as it is read out and compared by
 * eye: "985 141 000 123 456" for an ISO chip, "123 456 789" for a 9-digit
 * one, "0A1B2 C3D4E" for a 10-character one. Anything else stays as it is.
 */
export function chipWords(chip: string): string {
  if (/^\d{15}$/.test(chip) || /^\d{9}$/.test(chip)) return chip.replace(/(.{3})(?!$)/g, '$1 ');
  if (/^[0-9A-F]{10}$/.test(chip)) return `${chip.slice(0, 5)} ${chip.slice(5)}`;
  return chip;
}

/** A calendar day in words ("1 December 2026"); null for a day that is not a real one. */
export function dayWords(day: LocalDay): string | null {
  const start = startOfDay(day);
  return start === null ? null : formatDay(start);
}

/**
 * An animal's age on `today` from its birth date: "2 years 3 months",
 * "5 months", "Under a month", followed by "(estimated)" when the birth date
 * was worked out from an estimate. Null when the birth date is not a real
 * day or is still to come.
 */
export function ageWords(birthDate: LocalDay, estimated: boolean, today: LocalDay): string | null {
  if (startOfDay(birthDate) === null) return null;
  const age = ageOn(birthDate, today);
  if (age === null) return null;
  const { years, months } = age;
  const yearsText = t('records.ageYearsOnly', { n: formatNumber(years) }, years);
  const monthsText = t('records.ageMonthsOnly', { n: formatNumber(months) }, months);
  let text: string;
  if (years > 0 && months > 0)
    text = t('cards.record.ageBoth', { years: yearsText, months: monthsText });
  else if (years > 0) text = yearsText;
  else if (months > 0) text = monthsText;
  else text = t('cards.record.underMonth');
  return estimated ? t('records.estimated', { age: text }) : text;
}

/**
 * Sex and neutering in one phrase: "Female, neutered", "Male", "Not
 * neutered", "Sex unknown"; null when neither is recorded. An unknown
 * neutering adds nothing to the sex.
 */
export function sexWords(sex: Sex | undefined, neutered: Neutered | undefined): string | null {
  const known = neutered === 'yes' || neutered === 'no' ? neutered : undefined;
  if (sex === undefined)
    return known === undefined ? null : t(`cards.record.neuteredOnly.${known}`);
  if (known !== undefined) return t(`cards.record.sexNeutered.${sex}.${known}`);
  return sex === 'unknown' ? t('cards.record.sexUnknown') : t(`records.sex.${sex}`);
}

/** How an animal came in, by name ("Owner surrender"); "Not recorded" when nobody said. */
export function intakeTypeWords(type: IntakeType | undefined): string {
  return type === undefined ? t('records.notSet') : t(`records.intakeType.${type}`);
}

/**
 * How and when an animal came in: "Stray on 26 November 2026", or either
 * half alone; null when neither is known. `at` is an instant (epoch ms).
 */
export function cameInWords(type: IntakeType | undefined, at: number | undefined): string | null {
  const day = at === undefined || !Number.isFinite(at) ? null : formatDay(at);
  if (type === undefined) return day;
  const how = intakeTypeWords(type);
  return day === null ? how : t('cards.record.cameIn', { how, day });
}

/** An outcome by name ("Returned to owner"). */
export function outcomeWords(outcome: Outcome): string {
  return t(`records.outcome.${outcome}`);
}
