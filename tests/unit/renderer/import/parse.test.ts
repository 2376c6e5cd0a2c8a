import { describe, expect, it } from 'vitest';
import { csvText } from '../../../../src/files/csv-writer';
import { parseCells as parseCodes, type Parsed } from '../../../../src/import/parse';
import { worded } from './worded';

// The specification: an import takes up to 20,000 rows.
const IMPORT_MAX_ROWS = 20_000;

const parseCells = (text: string) => worded(parseCodes(text));

/** The rows of a parse that must succeed. */
function rowsOf(parsed: Parsed | ReturnType<typeof parseCells>): string[][] {
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.problem}`);
  return parsed.rows;
}

describe('parseCells', () => {
  it('splits a CSV file with Windows line endings, leaving no carriage return in a cell', () => {
    const rows = rowsOf(parseCells('Name,Category,Status\r\nBella,Dog,available\r\nRex,Cat,\r\n'));
    expect(rows).toEqual([
      ['Name', 'Category', 'Status'],
      ['Bella', 'Dog', 'available'],
      ['Rex', 'Cat', ''],
    ]);
  });

  it('reads old Mac line endings (carriage returns only)', () => {
    expect(rowsOf(parseCells('Name,Category\rBella,Dog\rRex,Cat'))).toEqual([
      ['Name', 'Category'],
      ['Bella', 'Dog'],
      ['Rex', 'Cat'],
    ]);
  });

  it('keeps quoted commas, quotes and line breaks inside their cells', () => {
    const text =
      'Name,Category,Status\r\n' +
      '"Smith, Bella",Dog,available\r\n' +
      '"Rex ""the Tank""",Cat,\r\n' +
      '"Two\r\nlines",Dog,sold\r\n' +
      '"Unix\nbreak",Dog,pending\r\n';
    expect(rowsOf(parseCells(text))).toEqual([
      ['Name', 'Category', 'Status'],
      ['Smith, Bella', 'Dog', 'available'],
      ['Rex "the Tank"', 'Cat', ''],
      ['Two\r\nlines', 'Dog', 'sold'],
      ['Unix\nbreak', 'Dog', 'pending'],
    ]);
  });

  it('splits cells pasted from a spreadsheet at tabs, even when names hold commas', () => {
    const pasted = 'Smith, Bella\tDog\tavailable\nRex\tCat\tsold\n"Multi\nline"\tDog\t\n';
    expect(rowsOf(parseCells(pasted))).toEqual([
      ['Smith, Bella', 'Dog', 'available'],
      ['Rex', 'Cat', 'sold'],
      ['Multi\nline', 'Dog', ''],
    ]);
  });

  it('guesses semicolons (European CSV) and pipes', () => {
    expect(rowsOf(parseCells('Nombre;Especie\n"García, Luna";Perro\nMax;Gato\n'))).toEqual([
      ['Nombre', 'Especie'],
      ['García, Luna', 'Perro'],
      ['Max', 'Gato'],
    ]);
    expect(rowsOf(parseCells('Bella|Dog|available\nRex|Cat|sold'))).toEqual([
      ['Bella', 'Dog', 'available'],
      ['Rex', 'Cat', 'sold'],
    ]);
  });

  it('reads a single column of names', () => {
    expect(rowsOf(parseCells('Bella\nRex\nZoë\n'))).toEqual([['Bella'], ['Rex'], ['Zoë']]);
  });

  it('drops blank and whitespace-only lines, but keeps the spaces in cells', () => {
    const text = '\r\nName,Category\r\n\r\n  Bella ,Dog\r\n , \r\n\t\r\nRex,Cat\r\n\r\n';
    expect(parseCells(text)).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category'],
        ['  Bella ', 'Dog'],
        ['Rex', 'Cat'],
      ],
      // The blank and whitespace-only lines still count, as in the spreadsheet.
      numbers: [2, 4, 7],
    });
  });

  it('numbers each row as the spreadsheet does when nothing is blank', () => {
    expect(parseCells('Name,Category\r\nBella,Dog\r\nRex,Cat\r\n')).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category'],
        ['Bella', 'Dog'],
        ['Rex', 'Cat'],
      ],
      numbers: [1, 2, 3],
    });
  });

  it('gives the row after a blank line in a paste its spreadsheet number, the blank counted', () => {
    const pasted = 'Name\tCategory\tStatus\r\nBella\tDog\tavailable\r\n\r\nRex\tCat\tsold\r\n';
    expect(parseCells(pasted)).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category', 'Status'],
        ['Bella', 'Dog', 'available'],
        ['Rex', 'Cat', 'sold'],
      ],
      numbers: [1, 2, 4],
    });
  });

  it('still splits a two-column paste at tabs when a blank line is in it', () => {
    // Blank lines are kept through the delimiter guess (so rows keep their
    // numbers); they must not make a two-column paste look like one column.
    expect(parseCells('Bella\tDog\r\n\r\nRex\tCat')).toEqual({
      ok: true,
      rows: [
        ['Bella', 'Dog'],
        ['Rex', 'Cat'],
      ],
      numbers: [1, 3],
    });
  });

  it('counts a quoted cell spanning lines as one spreadsheet row', () => {
    expect(parseCells('Name,Category\r\n"Two\r\nlines",Dog\r\n\r\nRex,Cat')).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category'],
        ['Two\r\nlines', 'Dog'],
        ['Rex', 'Cat'],
      ],
      numbers: [1, 2, 4],
    });
  });

  it('keeps rows of uneven width as they are', () => {
    expect(rowsOf(parseCells('Bella,Dog,available,extra\nRex,Cat\nMax,Dog,sold\n'))).toEqual([
      ['Bella', 'Dog', 'available', 'extra'],
      ['Rex', 'Cat'],
      ['Max', 'Dog', 'sold'],
    ]);
  });

  it('parses a 10,000-row CSV, every row in order', () => {
    const lines = ['Name,Category,Status'];
    for (let i = 1; i <= 10_000; i++) {
      lines.push(`"Animal ${i}, the ${i % 2 === 0 ? 'dog' : 'cat'}",${(i % 5) + 1},available`);
    }
    const rows = rowsOf(parseCells(lines.join('\r\n')));
    expect(rows).toHaveLength(10_001);
    expect(rows[0]).toEqual(['Name', 'Category', 'Status']);
    expect(rows[1]).toEqual(['Animal 1, the cat', '2', 'available']);
    expect(rows[5_000]).toEqual(['Animal 5000, the dog', '1', 'available']);
    expect(rows[10_000]).toEqual(['Animal 10000, the dog', '1', 'available']);
    expect(rows.every((row) => row.length === 3)).toBe(true);
    const parsed = parseCells(lines.join('\r\n'));
    expect(parsed.ok && parsed.numbers).toEqual(Array.from({ length: 10_001 }, (_, i) => i + 1));
  });

  it(`takes up to ${IMPORT_MAX_ROWS.toLocaleString('en')} rows, blank lines not counted`, () => {
    const text = 'Bella,Dog\n\n'.repeat(IMPORT_MAX_ROWS);
    const parsed = parseCells(text);
    expect(rowsOf(parsed)).toHaveLength(IMPORT_MAX_ROWS);
    // Every other line is blank: the rows are the spreadsheet's odd rows.
    const numbers = parsed.ok ? parsed.numbers : [];
    expect(numbers).toHaveLength(IMPORT_MAX_ROWS);
    expect(numbers.slice(0, 3)).toEqual([1, 3, 5]);
    expect(numbers.at(-1)).toBe(2 * IMPORT_MAX_ROWS - 1);
  });

  it('refuses more rows than that, saying how many there are', () => {
    const text = 'Bella,Dog\n'.repeat(IMPORT_MAX_ROWS + 1);
    expect(parseCells(text)).toEqual({
      ok: false,
      problem:
        'This has 20,001 rows; Kennel imports up to 20,000 at a time. Split it into smaller files.',
    });
  });

  it('refuses an unclosed quote, naming its row, and takes none of the rows', () => {
    expect(parseCells('Name,Category\nBella,"Dog\nRex,Cat\nMax,Dog\n')).toEqual({
      ok: false,
      problem:
        'A quotation mark on row 2 is never closed, so Kennel cannot tell where the cells end. Fix it in the spreadsheet and try again.',
    });
  });

  it('names the unclosed quote’s row with the blank rows above it counted', () => {
    expect(parseCells('Name,Category\n\nBella,"Dog\nRex,Cat\n')).toEqual({
      ok: false,
      problem:
        'A quotation mark on row 3 is never closed, so Kennel cannot tell where the cells end. Fix it in the spreadsheet and try again.',
    });
  });

  it('refuses a malformed quoted cell the same way', () => {
    const parsed = parseCells('Name,Category\nBella,"Dog"x,y\nRex,Cat\n');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/^A quotation mark on row 2 is never closed/);
  });

  it('takes a quote inside an unquoted cell as a letter', () => {
    expect(rowsOf(parseCells('Name,Category\nMax 5\'10" tall,Dog\n'))).toEqual([
      ['Name', 'Category'],
      ['Max 5\'10" tall', 'Dog'],
    ]);
  });

  it('refuses text with no rows', () => {
    const none = { ok: false, problem: 'There are no rows to import here.' };
    expect(parseCells('')).toEqual(none);
    expect(parseCells('\r\n\r\n')).toEqual(none);
    expect(parseCells(' , ,\n\t\t\n')).toEqual(none);
  });
});

describe('parseCells reading what the CSV writer wrote', () => {
  it('gives back the same cells', () => {
    const rows = [
      ['Name', 'Category', 'Status'],
      ['Smith, Bella', 'Dog', ''],
      ['Rex "the Tank"', 'Cat; big', 'sold'],
      ['Two\r\nlines', 'Dog|Cat', 'available'],
      ['  Zoë  ', '2', 'pending'],
    ];
    expect(rowsOf(parseCells(csvText(rows)))).toEqual(rows);
  });

  it('reads a cell a Kennel export escaped back as it was typed, and any other quote as it is', () => {
    expect(rowsOf(parseCells(csvText([['=SUM(A1)', 'Dog']])))).toEqual([['=SUM(A1)', 'Dog']]);
    expect(rowsOf(parseCells("O'Malley,'Tiny\n"))).toEqual([["O'Malley", "'Tiny"]]);
  });
});
