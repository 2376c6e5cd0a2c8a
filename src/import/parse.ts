/**
 * Splits spreadsheet text (a CSV or TSV file, or cells pasted from a
 * spreadsheet) into rows of cells with papaparse, which handles quoting,
 * line breaks inside quotes and the delimiter guess (comma, tab, semicolon).
 */
import Papa from 'papaparse';
import type { ReadProblem } from './read-problem';
import { formulaUnescaped } from '../files/csv-writer';

/** The most rows one import takes; a shelter's largest transfer is far below it. */
const IMPORT_MAX_ROWS = 20_000;

/** The result of {@link parseCells}. */
export type Parsed =
  | {
      ok: true;
      rows: string[][];
      /** Each row's number in the spreadsheet (1-based, blank rows counted), for "row 12". */
      numbers: number[];
    }
  | { ok: false; problem: ReadProblem };

/**
 * The rows of `text`, blank rows left out, each cell as written (spaces are
 * kept; the rules trim what they check) but for the quotes a Kennel export
 * put where a formula could start. Refuses text with no rows or more
 * than {@link IMPORT_MAX_ROWS}.
 */
export function parseCells(text: string): Parsed {
  // The delimiter is guessed with blank lines left out (papaparse would count
  // them as one-column rows and give up on tabs); the rows are then read with
  // blank lines kept, so the rows after them keep the numbers the spreadsheet
  // shows.
  const guess = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    preview: 200,
    // Pasted cells are tab-separated; files may use any of these.
    delimitersToGuess: ['\t', ',', ';', '|'],
  });
  const result = Papa.parse<string[]>(text, { delimiter: guess.meta.delimiter });
  // An unclosed quote swallows the rest of the file into one cell: the rows
  // after it would be wrong, so nothing is taken.
  const quote = result.errors.find((error) => error.type === 'Quotes');
  if (quote !== undefined) {
    const problem: ReadProblem =
      typeof quote.row === 'number'
        ? { code: 'quoteOnRow', values: { row: quote.row + 1 } }
        : { code: 'quote' };
    return { ok: false, problem };
  }
  const rows: string[][] = [];
  const numbers: number[] = [];
  result.data.forEach((row, index) => {
    if (!row.some((cell) => cell.trim() !== '')) return;
    // Kennel's own exports (the list, the rows left to fix) escape where a formula could
    // start; each cell reads back as typed.
    rows.push(row.map(formulaUnescaped));
    numbers.push(index + 1);
  });
  if (rows.length === 0) return { ok: false, problem: { code: 'noRows' } };
  if (rows.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      problem: { code: 'tooManyRows', values: { rows: rows.length, max: IMPORT_MAX_ROWS } },
    };
  }
  return { ok: true, rows, numbers };
}
