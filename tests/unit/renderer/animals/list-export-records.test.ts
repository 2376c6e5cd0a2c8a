import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { listCsv } from '../../../../src/animals/list-csv';
import { exportRows, listSheet, type RecordOf } from '../../../../src/animals/list-export';
import { indexCategories } from '../../../../src/data/category-list';
import type { CachedPet } from '../../../../src/data/db';
import type { IntakeRecord } from '../../../../src/data/intake-record';
import { UTF8_BOM } from '../../../../src/files/csv-writer';
import { applyLanguage } from '../../../../src/i18n';

afterEach(() => applyLanguage('en'));

const CATEGORIES = indexCategories([{ id: '2', name: 'Dog' }]);
const nameOf = (id: string): string | undefined => CATEGORIES.nameOf(id);

function pet(key: string, name: string, id: string | null): CachedPet {
  return {
    key,
    id,
    name,
    categoryId: '2',
    status: 'available',
    pending: id === null ? 1 : 0,
    outboxId: null,
    order: '0',
    updatedAt: 0,
    firstSeenAt: 0,
  };
}

const BELLA: IntakeRecord = {
  key: '41',
  chip: '985141000123456',
  sex: 'female',
  neutered: 'yes',
  birthDate: '2022-05-04',
  birthEstimated: true,
  breed: 'Labrador',
  colour: 'Black, white chest',
  intakeType: 'stray',
  intakeAt: new Date(2025, 2, 15, 14, 30).getTime(),
  foundAt: 'Park gate',
  kennel: 'Dogs B3',
  holdUntil: '2025-03-18',
  notes: '=shy with men',
  outcome: 'adopted',
  outcomeOn: '2025-04-01',
  updatedAt: 0,
};
// A pending animal's record is under its local key; its chip is an old 9-digit one.
const REX: IntakeRecord = {
  key: 'local:abc',
  chip: '012345678',
  sex: 'male',
  birthDate: '2020-01-01',
  updatedAt: 0,
};
const RECORDS = new Map([
  [BELLA.key, BELLA],
  [REX.key, REX],
]);
const recordOf: RecordOf = (key) => RECORDS.get(key);
const PETS = [pet('41', 'Bella', '41'), pet('local:abc', 'Rex', null), pet('7', 'Kit', '7')];

function readCsv(text: string): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  return Papa.parse<string[]>(text.slice(UTF8_BOM.length), { skipEmptyLines: true }).data;
}

describe('the export carries each animal’s record', () => {
  it('writes every field after the service’s, in English, chips grouped so a spreadsheet keeps them text', () => {
    const rows = readCsv(listCsv(exportRows(PETS, nameOf, recordOf)));
    expect(rows.slice(1)).toEqual([
      [
        'Bella',
        '41',
        'Dog (2)',
        'Available',
        '985 141 000 123 456',
        'Female',
        'Yes',
        '2022-05-04',
        'Yes',
        'Labrador',
        'Black, white chest',
        'Stray',
        '2025-03-15 14:30',
        'Park gate',
        'Dogs B3',
        '2025-03-18',
        "'=shy with men",
        'Adopted',
        '2025-04-01',
      ],
      [
        'Rex',
        'Waiting to be sent',
        'Dog (2)',
        'Available',
        '012 345 678',
        'Male',
        '',
        '2020-01-01',
        'No',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      ['Kit', '7', 'Dog (2)', 'Available', ...Array<string>(15).fill('')],
    ]);
  });

  it('writes the choices in Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    const [, bella] = readCsv(listCsv(exportRows(PETS, nameOf, recordOf)));
    expect([bella?.[5], bella?.[6], bella?.[8], bella?.[11], bella?.[17]]).toEqual([
      'Hembra',
      'Sí',
      'Sí',
      'Extraviado',
      'Adoptado',
    ]);
  });

  it('writes the workbook’s chip as text, digit for digit, and its days as dates', () => {
    const sheet = listSheet(exportRows(PETS, nameOf, recordOf));
    const bella = sheet[1] ?? [];
    expect(bella[4]).toEqual({ type: String, value: '985141000123456' });
    expect(bella[7]).toEqual({
      type: Date,
      value: new Date(Date.UTC(2022, 4, 4)),
      format: 'yyyy-mm-dd',
    });
    // The clock time as it read here, which a workbook keeps without a zone.
    expect(bella[12]).toEqual({
      type: Date,
      value: new Date(Date.UTC(2025, 2, 15, 14, 30)),
      format: 'yyyy-mm-dd hh:mm',
    });
    expect(sheet[2]?.[4]).toEqual({ type: String, value: '012345678' });
    // No record: no cell, not a cell of empty text.
    expect(sheet[3]?.slice(4)).toEqual(Array<null>(15).fill(null));
  });
});
