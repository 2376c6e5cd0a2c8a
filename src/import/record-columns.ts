/**
 * The intake record's fields as columns of a spreadsheet: what an import can
 * read into an animal's record (`data/intake-record.ts`), each from one column
 * of cells as written ("F", "15/03/2024", "2 years").
 */
import { t } from '../i18n';
import { sheetHeading, SHEET_COLUMNS } from '../records/record-sheet';

/**
 * The record's column targets: the export's columns, in its order, and an
 * estimated age (a spreadsheet may hold one where the export writes a birth
 * date marked estimated) after the birth date's.
 */
const AGE_AFTER = SHEET_COLUMNS.indexOf('birthEstimated') + 1;
export const RECORD_COLUMNS = [
  ...SHEET_COLUMNS.slice(0, AGE_AFTER),
  'age',
  ...SHEET_COLUMNS.slice(AGE_AFTER),
] as const;
export type RecordColumn = (typeof RECORD_COLUMNS)[number];

/** The columns that hold a day (the intake, a day with or without its time). */
export const DATE_COLUMNS = ['birthDate', 'intakeAt', 'holdUntil', 'outcomeOn'] as const;
export type DateColumn = (typeof DATE_COLUMNS)[number];

/** A row's record cells as written, for the columns that are mapped. */
export type RecordCells = Partial<Record<RecordColumn, string>>;

/** One message per record column at fault. */
export type RecordColumnProblems = Partial<Record<RecordColumn, string>>;

export function isDateColumn(column: RecordColumn): column is DateColumn {
  return (DATE_COLUMNS as readonly string[]).includes(column);
}

/**
 * The name of a record column in the language in use, as the list's export
 * heads it ("Microchip", "Colour and markings"), so the rows an import leaves
 * export under headings it recognises again.
 */
export function recordColumnName(column: RecordColumn): string {
  return column === 'age' ? t('import.record.field.age') : sheetHeading(column);
}
