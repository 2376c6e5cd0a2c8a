/**
 * The exported list as CSV text. Kept apart from `list-export.ts` so the CSV
 * writer (papaparse) is fetched only when an export is asked for.
 */
import { toCsv } from '../import/parse';
import { COLUMNS, exportHeadings, type ExportRow } from './list-export';

/** Marks UTF-8 text, so a spreadsheet opens accents ("Zoë", "Adopción") as they are. */
export const UTF8_BOM = '\uFEFF';

/**
 * The list as CSV text: a byte-order mark, the headings, then one line per
 * animal. Written by the one CSV writer the import's export uses, so a cell
 * that starts like a formula is escaped the same way.
 */
export function listCsv(rows: readonly ExportRow[]): string {
  return UTF8_BOM + toCsv([exportHeadings(), ...rows.map((row) => COLUMNS.map((k) => row[k]))]);
}
