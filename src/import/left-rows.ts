/**
 * The rows an import could not add, as a CSV file to fix in the spreadsheet
 * and import again: one row each, with the reason. Its headings are the ones
 * the import recognises, so the fixed file maps itself; the record's columns
 * that were read come too, as written.
 */
import type { CheckedRow } from './rows';
import { formatNumber } from '../format/clock';
import { csvText } from '../files/csv-writer';
import { t } from '../i18n';
import { RECORD_COLUMNS, recordColumnName, type RecordColumn } from './record-columns';

/** The reason a row was not added, in one sentence. */
function rowReason(row: CheckedRow): string {
  if (row.animal === null) {
    const { name, categoryId, status } = row.problems;
    // A record's message ("Enter a real date.") needs the field it is about.
    const record = RECORD_COLUMNS.flatMap((column) => {
      const problem = row.recordProblems[column];
      if (problem === undefined) return [];
      return [t('import.left.fieldProblem', { field: recordColumnName(column), problem })];
    });
    return [name, categoryId, status, ...record].filter((text) => text !== undefined).join(' ');
  }
  const long =
    row.longName === null
      ? undefined
      : t('import.preview.longName', { length: formatNumber(row.longName) });
  return [row.duplicate?.message, long].filter((text) => text !== undefined).join(' ');
}

/**
 * CSV text of `rows`: Row, Name, Category, Status, the record's columns that
 * were read (`recordColumns`), Problem, headed in the app's language (the
 * import recognises the headings of both).
 */
export function leftRowsCsv(
  rows: readonly CheckedRow[],
  recordColumns: readonly RecordColumn[] = [],
): string {
  return csvText([
    [
      ...(['row', 'name', 'category', 'status'] as const).map((k) => t(`import.left.${k}`)),
      ...recordColumns.map(recordColumnName),
      t('import.left.problem'),
    ],
    ...rows.map((row) => [
      String(row.line),
      row.text.name,
      row.text.category,
      row.text.status,
      ...recordColumns.map((column) => row.record[column] ?? ''),
      rowReason(row),
    ]),
  ]);
}
