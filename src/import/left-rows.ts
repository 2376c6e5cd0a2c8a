/**
 * The rows an import could not add, as a CSV file to fix in the spreadsheet
 * and import again: one row each, with the reason. Its headings are the ones
 * the import recognises, so the fixed file maps itself.
 */
import type { CheckedRow } from './rows';
import { formatNumber } from '../format/clock';
import { csvText } from '../files/csv-writer';
import { t } from '../i18n';

/** The reason a row was not added, in one sentence. */
export function rowReason(row: CheckedRow): string {
  if (row.animal === null) {
    const { name, categoryId, status } = row.problems;
    return [name, categoryId, status].filter((text) => text !== undefined).join(' ');
  }
  const long =
    row.longName === null
      ? undefined
      : t('import.preview.longName', { length: formatNumber(row.longName) });
  return [row.duplicate?.message, long].filter((text) => text !== undefined).join(' ');
}

/**
 * CSV text of `rows`: Row, Name, Category, Status, Problem, headed in the
 * app's language (the import recognises the headings of both).
 */
export function leftRowsCsv(rows: readonly CheckedRow[]): string {
  return csvText([
    (['row', 'name', 'category', 'status', 'problem'] as const).map((k) => t(`import.left.${k}`)),
    ...rows.map((row) => [
      String(row.line),
      row.text.name,
      row.text.category,
      row.text.status,
      rowReason(row),
    ]),
  ]);
}
