/**
 * One row's intake record: its cells as written, turned into the codes,
 * days and ages the record's rules take (`cell-words.ts`, `cell-dates.ts`,
 * `cell-age.ts`), then checked with the form's own rules ({@link checkRecord}),
 * so an imported record is held to exactly what staff could type. Two rules
 * differ, both for a spreadsheet of animals already in care: an intake may be
 * any day in the past, and an empty intake is "not known", not "now".
 */
import { INTAKE_TYPES, NEUTERED, OUTCOMES, SEXES, type RecordFields } from '../data/intake-record';
import { formatLocale } from '../format/clock';
import { t } from '../i18n';
import {
  checkRecord,
  EMPTY_RECORD_TEXT,
  type RecordField,
  type RecordText,
} from '../records/record-rules';
import { readAgeCell } from './cell-age';
import { readDateCell, type DayOrder } from './cell-dates';
import { choiceCode, isChoiceColumn, type ChoiceColumn } from './cell-words';
import {
  isDateColumn,
  RECORD_COLUMNS,
  type DateColumn,
  type RecordCells,
  type RecordColumn,
  type RecordColumnProblems,
} from './record-columns';

/** What checking a row's record needs besides its cells. */
export interface RecordContext {
  now: number;
  /** The profile's stray hold in days: a stray without a hold date gets one. */
  strayHoldDays: number;
  /** The day order of each date column (see `cell-dates.ts`); the computer's where a column has none. */
  orders: Partial<Record<DateColumn, DayOrder>>;
  computerOrder: DayOrder;
}

/** What the rules make of a row's record: the fields to keep, or one message per column at fault. */
export type RowRecordCheck =
  { ok: true; fields: RecordFields } | { ok: false; problems: RecordColumnProblems };

/** A spreadsheet shows a long number rounded, as 9.85141E+14; saved so, its digits are gone. */
const ROUNDED_NUMBER = /^\d+(?:[.,]\d+)?e\+?\d+$/i;

const CHOICE_WORDS: Record<ChoiceColumn, { key: string; codes: readonly string[] }> = {
  sex: { key: 'records.sex', codes: SEXES },
  neutered: { key: 'records.neutered', codes: NEUTERED },
  birthEstimated: { key: 'records.neutered', codes: ['yes', 'no'] },
  intakeType: { key: 'records.intakeType', codes: INTAKE_TYPES },
  outcome: { key: 'records.outcome', codes: OUTCOMES },
};

// Worded once per language and column: a column of 10,000 unknown words would
// otherwise build 10,000 list formatters.
const worded = new Map<string, string>();

/** "Female, Male, or Unknown": the choices of `column` in the language in use. */
function choiceWords(column: ChoiceColumn): string {
  const locale = formatLocale();
  const cached = worded.get(`${locale}|${column}`);
  if (cached !== undefined) return cached;
  const { key, codes } = CHOICE_WORDS[column];
  const list = new Intl.ListFormat(locale, { type: 'disjunction' });
  const words = list.format(codes.map((code) => t(`${key}.${code}`)));
  worded.set(`${locale}|${column}`, words);
  return words;
}

/** The rules' field each message is about, as the import's column. */
function columnOf(field: RecordField): RecordColumn {
  return field === 'ageYears' || field === 'ageMonths' ? 'age' : field;
}

/** The text the rules take for a date column's cell; null when it is no date. */
function dateText(column: DateColumn, cell: string, context: RecordContext): string | null {
  const read = readDateCell(cell, context.orders[column] ?? context.computerOrder, context.now);
  if (read === null) return null;
  return column === 'intakeAt' && read.time !== null ? `${read.day}T${read.time}` : read.day;
}

/** Checks the record of one row; `cells` holds only the mapped columns. */
export function checkRowRecord(cells: RecordCells, context: RecordContext): RowRecordCheck {
  const problems: RecordColumnProblems = {};
  const text: RecordText = { ...EMPTY_RECORD_TEXT };
  let estimated = false;
  for (const column of RECORD_COLUMNS) {
    const cell = cells[column]?.trim() ?? '';
    if (cell === '') continue;
    const value = { value: cell };
    if (column === 'chip') {
      if (ROUNDED_NUMBER.test(cell)) problems.chip = t('import.record.chipAsNumber', value);
      else text.chip = cell;
    } else if (isChoiceColumn(column)) {
      const code = choiceCode(column, cell);
      if (code === null) {
        problems[column] = t('import.record.unknownChoice', {
          ...value,
          choices: choiceWords(column),
        });
      } else if (column === 'birthEstimated') estimated = code === 'yes';
      else text[column] = code;
    } else if (isDateColumn(column)) {
      const day = dateText(column, cell, context);
      if (day === null) problems[column] = t('import.record.badDate', value);
      else text[column] = day;
    } else if (column === 'age') {
      const age = readAgeCell(cell);
      if (age === null) problems.age = t('import.record.badAge', value);
      else [text.ageYears, text.ageMonths] = [age.years, age.months];
    } else {
      text[column] = cell;
    }
  }
  const checked = checkRecord(text, {
    now: context.now,
    strayHoldDays: context.strayHoldDays,
    anyPastIntake: true,
    // The rules keep a birth date's estimate mark for a date not changed since.
    ...(estimated && text.birthDate !== ''
      ? { previous: { birthDate: text.birthDate, birthEstimated: true } }
      : {}),
  });
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.errors) as [RecordField, string][]) {
      const column = columnOf(field);
      problems[column] ??= message;
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return checked.ok ? { ok: true, fields: checked.value } : { ok: false, problems };
}
