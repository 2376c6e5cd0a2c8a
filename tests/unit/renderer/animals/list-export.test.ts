import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { listCsv } from '../../../../src/animals/list-csv';
import { exportFileName, exportRows, listSheet } from '../../../../src/animals/list-export';
import { indexCategories } from '../../../../src/data/category-list';
import { UTF8_BOM } from '../../../../src/files/csv-writer';
import type { CachedPet } from '../../../../src/data/db';
import { applyLanguage } from '../../../../src/i18n';
import { sheetCells } from '../../../../src/records/record-sheet';

afterEach(() => applyLanguage('en'));

const CATEGORIES = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
]);
const nameOf = (id: string): string | undefined => CATEGORIES.nameOf(id);

/** 2^53 + 1: a Number would round it to 9007199254740992. */
const BEYOND_DOUBLE = '9007199254740993';

function pet(fields: Partial<CachedPet> & Pick<CachedPet, 'name'>): CachedPet {
  const id = fields.id === undefined ? '1' : fields.id;
  return {
    key: id ?? 'local:0f0e',
    id,
    categoryId: '2',
    status: 'available',
    pending: id === null ? 1 : 0,
    outboxId: null,
    order: '0',
    updatedAt: 0,
    firstSeenAt: 0,
    ...fields,
  };
}

const ROWS: CachedPet[] = [
  pet({ name: 'Zoë', id: BEYOND_DOUBLE, categoryId: '2', status: 'sold' }),
  pet({ name: 'Rex', id: null, categoryId: '17', status: 'pending' }),
  pet({ name: '=HYPERLINK("http://x")', id: '5', categoryId: '3', status: null }),
  pet({ name: '+1 tail', id: '6', status: 'available' }),
  pet({ name: '-minus', id: '7', status: 'available' }),
  pet({ name: '@at', id: '8', status: 'available' }),
  pet({ name: '\tTab', id: '9', status: 'available' }),
  pet({ name: '\rReturn', id: '10', status: 'available' }),
];

/** The record's headings after the service's, in English and in Spanish. */
const RECORD_EN = [
  'Microchip',
  'Sex',
  'Neutered',
  'Date of birth',
  'Date of birth estimated',
  'Breed',
  'Colour and markings',
  'How it came in',
  'When it came in',
  'Where it was found',
  'Kennel',
  'Stray hold until',
  'Notes',
  'Outcome',
  'Outcome date',
];
const RECORD_ES = [
  'Microchip',
  'Sexo',
  'Esterilizado',
  'Fecha de nacimiento',
  'Fecha de nacimiento estimada',
  'Raza',
  'Color y marcas',
  'Cómo llegó',
  'Cuándo llegó',
  'Dónde se encontró',
  'Jaula',
  'Retención de extraviado hasta',
  'Notas',
  'Salida',
  'Fecha de salida',
];
/** An animal without a record: every record cell empty, and no cell at all in a workbook. */
const BLANK: string[] = RECORD_EN.map(() => '');
const NO_CELLS: null[] = RECORD_EN.map(() => null);
const NO_RECORD = sheetCells(undefined);

/** The CSV's rows as a spreadsheet reads them, BOM taken off first. */
function readCsv(text: string): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(UTF8_BOM.length), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('exportRows', () => {
  it('writes each animal as the list shows it', () => {
    expect(exportRows(ROWS.slice(0, 3), nameOf)).toEqual([
      { name: 'Zoë', id: BEYOND_DOUBLE, category: 'Dog (2)', status: 'Adopted', record: NO_RECORD },
      {
        name: 'Rex',
        id: 'Waiting to be sent',
        category: 'Category 17',
        status: 'Adoption pending',
        record: NO_RECORD,
      },
      {
        name: '=HYPERLINK("http://x")',
        id: '5',
        category: 'Cat (3)',
        status: 'No status',
        record: NO_RECORD,
      },
    ]);
  });

  it('keeps the order it is given', () => {
    const names = exportRows([...ROWS].reverse(), nameOf).map((row) => row.name);
    expect(names).toEqual([...ROWS].reverse().map((row) => row.name));
  });
});

describe('listCsv', () => {
  it('starts with a byte-order mark and English headings', () => {
    const text = listCsv(exportRows(ROWS, nameOf));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(readCsv(text)[0]).toEqual(['Name', 'ID', 'Category', 'Status', ...RECORD_EN]);
  });

  it('keeps an id above 2^53 exact, digit for digit', () => {
    const text = listCsv(exportRows(ROWS, nameOf));
    expect(readCsv(text)[1]).toEqual(['Zoë', BEYOND_DOUBLE, 'Dog (2)', 'Adopted', ...BLANK]);
    expect(text).not.toContain('9007199254740992');
  });

  it('escapes every cell that a spreadsheet would read as a formula', () => {
    const names = readCsv(listCsv(exportRows(ROWS, nameOf)))
      .slice(3)
      .map((row) => row[0]);
    expect(names).toEqual([
      `'=HYPERLINK("http://x")`,
      "'+1 tail",
      "'-minus",
      "'@at",
      "'\tTab",
      "'\rReturn",
    ]);
  });

  it('escapes a formula even when a line break follows it in the name', () => {
    const rows = exportRows([pet({ name: '@SUM(1+1)\n', id: '11', status: 'available' })], nameOf);
    expect(listCsv(rows)).toBe(
      `${UTF8_BOM}${['Name', 'ID', 'Category', 'Status', ...RECORD_EN].map((h) => `"${h}"`).join(',')}\r\n` +
        `"'@SUM(1+1)\n'","11","Dog (2)","Available"${',""'.repeat(15)}`,
    );
  });

  it('heads the columns and names statuses in Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    const rows = readCsv(listCsv(exportRows(ROWS.slice(0, 3), nameOf)));
    expect(rows).toEqual([
      ['Nombre', 'ID', 'Categoría', 'Estado', ...RECORD_ES],
      ['Zoë', BEYOND_DOUBLE, 'Dog (2)', 'Adoptado', ...BLANK],
      ['Rex', 'Esperando para enviarse', 'Categoría 17', 'Adopción pendiente', ...BLANK],
      [`'=HYPERLINK("http://x")`, '5', 'Cat (3)', 'Sin estado', ...BLANK],
    ]);
  });
});

describe('listSheet', () => {
  it('writes every cell as text, the id included', () => {
    const sheet = listSheet(exportRows(ROWS.slice(0, 2), nameOf));
    expect(sheet.map((row) => row.map((cell) => cell?.value ?? null))).toEqual([
      ['Name', 'ID', 'Category', 'Status', ...RECORD_EN],
      ['Zoë', BEYOND_DOUBLE, 'Dog (2)', 'Adopted', ...NO_CELLS],
      ['Rex', 'Waiting to be sent', 'Category 17', 'Adoption pending', ...NO_CELLS],
    ]);
    for (const cell of sheet.flat()) if (cell !== null) expect(cell.type).toBe(String);
    expect(typeof sheet[1]?.[1]?.value).toBe('string');
  });

  it('heads the sheet in Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    const sheet = listSheet(exportRows(ROWS.slice(0, 1), nameOf));
    expect(sheet.map((row) => row.map((cell) => cell?.value ?? null))).toEqual([
      ['Nombre', 'ID', 'Categoría', 'Estado', ...RECORD_ES],
      ['Zoë', BEYOND_DOUBLE, 'Dog (2)', 'Adoptado', ...NO_CELLS],
    ]);
  });
});

describe('exportFileName', () => {
  it('names the profile and the local day', () => {
    const day = new Date(2026, 10, 26, 23, 59);
    expect(exportFileName('local', 'csv', day)).toBe('kennel-local-animals-2026-11-26.csv');
    expect(exportFileName('staging', 'xlsx', new Date(2027, 0, 5, 0, 1))).toBe(
      'kennel-staging-animals-2027-01-05.xlsx',
    );
  });
});
