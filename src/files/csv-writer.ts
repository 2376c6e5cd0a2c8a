/**
 * The one CSV writer of every export (the animal list, the rows an import
 * left, the category list): every cell quoted, lines ended with CRLF as
 * spreadsheets write them. A spreadsheet runs a cell that starts with "=",
 * "+", "-", "@", a tab or a carriage return as a formula, so a single quote
 * is put before such a start (OWASP's advice against CSV injection): opening
 * an export never runs what a name happened to hold.
 *
 * A start is not only a cell's first character. A spreadsheet set up for
 * Spanish, German or French splits CSV on ";", another on tabs, and one that
 * reads the quotes differently may cut a cell at a comma or a line break:
 * "Rex;=HYPERLINK(…)" is then two cells there, the second a live formula.
 * So the text after each of those separators inside a cell counts as a
 * start too. {@link formulaUnescaped} takes back exactly the quotes written
 * here, so Kennel's imports read its exports unchanged.
 */
import Papa from 'papaparse';

/** Marks UTF-8 text, so a spreadsheet opens accents ("Zoë", "Adopción") as they are. */
export const UTF8_BOM = '\uFEFF';

// A formula sign, any quotes before it looked past: "'=x" is written "''=x",
// so the unescape can always take exactly the one quote written here. Double
// quotes count too: cut after the ";" of 'Rex;"=1', the text '""=1"' is an
// empty quoted cell and then "=1" to a spreadsheet. No "$" or "." follows the
// sign, so a line break after it hides nothing (as it did from papaparse's
// own `escapeFormulae` test).
const SIGN = `["']*[=+\\-@\\t\\r]`;
const SEPARATOR = '[,;\\t\\r\\n]';

/**
 * Where `mark` stands at a start that needs the quote: a formula sign ahead
 * at the cell's start or after a separator, or, after a separator, nothing
 * ahead but quotes. The last is for a cell ending at a separator: cut there,
 * the next cell would open at this one's closing quote and start with the
 * line break after it. An empty cell stays empty.
 */
function startsAt(mark: string): RegExp {
  return new RegExp(`^${mark}(?=${SIGN})|(?<=${SEPARATOR})${mark}(?=${SIGN}|["']*$)`, 'g');
}
// The writer and the reader share the one rule: where a quote goes, and where one is taken.
const ESCAPE_AT = startsAt('');
const ESCAPED = startsAt("'");

/** `cell` with a quote at every start (see above) a spreadsheet could read as a formula. */
function formulaEscaped(cell: string): string {
  return cell.replace(ESCAPE_AT, "'");
}

/**
 * `rows` as CSV text, no line break after the last row: every cell quoted,
 * and escaped wherever a spreadsheet could read a formula.
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  // Every cell quoted, so none is left bare for a spreadsheet to guess at.
  return Papa.unparse(
    rows.map((row) => row.map(formulaEscaped)),
    { newline: '\r\n', quotes: true },
  );
}

/**
 * A cell read from a file {@link csvText} wrote, without the quotes it
 * added: the same starts, each giving back the one quote put there.
 */
export function formulaUnescaped(cell: string): string {
  return cell.replace(ESCAPED, '');
}
