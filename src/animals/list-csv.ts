/**
 * The exported list as CSV text. Kept apart from `list-export.ts` so the CSV
 * writer (papaparse) is fetched only when an export is asked for.
 */
import { csvText, UTF8_BOM } from '../files/csv-writer';
import { chipWords } from '../records/record-words';
import { exportCells, exportHeadings, type ExportRow } from './list-export';

/**
 * The list as CSV text: a byte-order mark, the headings, then one line per
 * animal, every cell escaped where a formula could start. A microchip number is
 * written in groups ("985 141 000 123 456"): a spreadsheet opens a CSV's
 * long run of digits as a number and shows 9.85141E+14 (saved again, the last
 * digits are gone for good) or drops an old chip's leading zero; grouped, it
 * stays text everywhere, and Kennel's import takes the spaces out again.
 */
export function listCsv(rows: readonly ExportRow[]): string {
  const lines = rows.map((row) =>
    exportCells({ ...row, record: { ...row.record, chip: chipWords(row.record.chip) } }),
  );
  return UTF8_BOM + csvText([exportHeadings(), ...lines]);
}
