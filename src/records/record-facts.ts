/**
 * An intake record as lines to read: a label and a value in staff's words for
 * each field it has, in the order of the intake sheet. The details show them.
 */
import type { IntakeRecord } from '../data/intake-record';
import { formatDateTime } from '../format/clock';
import { t } from '../i18n';
import { localDayOf } from './local-day';
import { ageWords, chipWords, dayWords } from './record-words';

export interface RecordFact {
  field: string;
  label: string;
  value: string;
}

/** The lines of `record`, fields it lacks left out. */
export function recordFacts(record: IntakeRecord, now: number = Date.now()): RecordFact[] {
  const facts: RecordFact[] = [];
  const add = (field: string, value: string | undefined): void => {
    if (value !== undefined && value !== '') {
      facts.push({ field, label: t(`records.fields.${field}`), value });
    }
  };
  add('chip', record.chip === undefined ? undefined : chipWords(record.chip));
  add('sex', record.sex === undefined ? undefined : t(`records.sex.${record.sex}`));
  add(
    'neutered',
    record.neutered === undefined ? undefined : t(`records.neutered.${record.neutered}`),
  );
  if (record.birthDate !== undefined) {
    const age = ageWords(record.birthDate, record.birthEstimated === true, localDayOf(now));
    add('birthDate', [dayWords(record.birthDate), age].filter((part) => part !== null).join(' · '));
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
  add(
    'holdUntil',
    record.holdUntil === undefined ? undefined : (dayWords(record.holdUntil) ?? undefined),
  );
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
