/**
 * The exported list as CSV text. Kept apart from `list-export.ts` so the CSV
 * writer (papaparse) is fetched only when an export is asked for.
 */
import { csvText, UTF8_BOM } from '../files/csv-writer';
import { exportCells, exportHeadings, type ExportRow } from './list-export';

/**
 * A microchip number as the CSV writes it: its digits in groups ("985 141 000
 * 123 456"). A spreadsheet opens a CSV's long run of digits as a number and
 * shows 9.85141E+14 (saved again, the last digits are gone for good) or drops
 * an old chip's leading zero; grouped, it stays text everywhere, and Kennel's
 * import, like any chip reader's software, takes the spaces out again.
 */
export function csvChip(chip: string): string {
  if (!/^[0-9A-F]+$/.test(chip)) return chip;
  if (chip.length === 10) return `${chip.slice(0, 5)} ${chip.slice(5)}`;
  if (chip.length !== 9 && chip.length !== 15) return chip;
  return chip.replace(/(.{3})(?=.)/g, '$1 ');
}

/**
 * The list as CSV text: a byte-order mark, the headings, then one line per
 * animal, a cell that starts like a formula escaped.
 */
export function listCsv(rows: readonly ExportRow[]): string {
  const lines = rows.map((row) =>
    exportCells({ ...row, record: { ...row.record, chip: csvChip(row.record.chip) } }),
  );
  return UTF8_BOM + csvText([exportHeadings(), ...lines]);
}
