/**
 * An intake record as lines to read: a label and a value in staff's words for
 * each field it has, in the order of the intake sheet. The details show them.
 */
import type { IntakeRecord } from '../data/intake-record';
import { formatDateTime, formatDay } from '../format/clock';
import { t } from '../i18n';
import { groupChip } from './chip';
import { ageOn, localDayOf, startOfDay } from './local-day';

export interface RecordFact {
  field: string;
  label: string;
  value: string;
}

/** A stored day in words ("1 December 2026"); as stored when it cannot be read. */
export function dayWords(day: string): string {
  const at = startOfDay(day);
  return at === null ? day : formatDay(at);
}

/** An age in words from a birth date: "2 years 3 months", marked when estimated. */
export function ageWords(
  record: Pick<IntakeRecord, 'birthDate' | 'birthEstimated'>,
  now: number,
): string {
  if (record.birthDate === undefined) return '';
  const age = ageOn(record.birthDate, localDayOf(now));
  if (age === null) return '';
  const words =
    age.years === 0
      ? t('records.ageMonthsOnly', { n: age.months }, age.months)
      : age.months === 0
        ? t('records.ageYearsOnly', { n: age.years }, age.years)
        : t('records.age', { years: age.years, months: age.months }, age.years);
  return record.birthEstimated === true ? t('records.estimated', { age: words }) : words;
}

/** The lines of `record`, fields it lacks left out. */
export function recordFacts(record: IntakeRecord, now: number = Date.now()): RecordFact[] {
  const facts: RecordFact[] = [];
  const add = (field: string, value: string | undefined): void => {
    if (value !== undefined && value !== '') {
      facts.push({ field, label: t(`records.fields.${field}`), value });
    }
  };
  add('chip', record.chip === undefined ? undefined : groupChip(record.chip));
  add('sex', record.sex === undefined ? undefined : t(`records.sex.${record.sex}`));
  add(
    'neutered',
    record.neutered === undefined ? undefined : t(`records.neutered.${record.neutered}`),
  );
  if (record.birthDate !== undefined) {
    add('birthDate', `${dayWords(record.birthDate)} · ${ageWords(record, now)}`);
  }
  add('breed', record.breed);
  add('colour', record.colour);
  add(
    'intakeType',
    record.intakeType === undefined ? undefined : t(`records.intakeType.${record.intakeType}`),
  );
  add('intakeAt', record.intakeAt === undefined ? undefined : formatDateTime(record.intakeAt));
  add('foundAt', record.foundAt);
  add('kennel', record.kennel);
  add('holdUntil', record.holdUntil === undefined ? undefined : dayWords(record.holdUntil));
  if (record.outcome !== undefined) {
    const outcome = t(`records.outcome.${record.outcome}`);
    add(
      'outcome',
      record.outcomeOn === undefined ? outcome : `${outcome} · ${dayWords(record.outcomeOn)}`,
    );
  }
  add('notes', record.notes);
  return facts;
}
