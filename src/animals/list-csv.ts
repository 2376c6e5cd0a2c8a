/**
 * The exported list as CSV text. Kept apart from `list-export.ts` so the CSV
 * writer (papaparse) is fetched only when an export is asked for.
 */
import { csvText, UTF8_BOM } from '../files/csv-writer';
import { COLUMNS, exportHeadings, type ExportRow } from './list-export';

/**
 * The list as CSV text: a byte-order mark, the headings, then one line per
 * animal, a cell that starts like a formula escaped.
 */
export function listCsv(rows: readonly ExportRow[]): string {
  return UTF8_BOM + csvText([exportHeadings(), ...rows.map((row) => COLUMNS.map((k) => row[k]))]);
}
