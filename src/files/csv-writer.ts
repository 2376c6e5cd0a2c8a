/**
 * The one CSV writer of every export (the animal list, the rows an import
 * left, the category list): cells quoted where needed, lines ended with CRLF
 * as spreadsheets write them. A spreadsheet runs a cell that starts with
 * "=", "+", "-", "@", a tab or a carriage return as a formula, so such a cell
 * is written with a single quote before it (OWASP's advice against CSV
 * injection): opening an export never runs what a name happened to hold.
 */
import Papa from 'papaparse';

/** Marks UTF-8 text, so a spreadsheet opens accents ("Zoë", "Adopción") as they are. */
export const UTF8_BOM = '\uFEFF';

// Only the first character counts, whatever follows: papaparse's own test
// (`escapeFormulae: true`) ends in ".*$", which fails when the cell holds a
// line break, and "=1+1" followed by a new line went out as a formula.
// Quotes already in front are looked past, so "'=x" is written "''=x" and
// `formulaUnescaped` can always take exactly the one quote written here.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * `rows` as CSV text, no line break after the last row. A cell a spreadsheet
 * would read as a formula gets one leading quote, and is quoted.
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  // papaparse adds the quote itself for a cell its pattern matches, and
  // quotes that cell, as spreadsheets expect of an escaped one.
  return Papa.unparse(rows as string[][], { newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** A cell read from a file {@link csvText} wrote, without the quote it added. */
export function formulaUnescaped(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
