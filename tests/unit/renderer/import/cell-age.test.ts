import { describe, expect, it } from 'vitest';
import { readAgeCell } from '../../../../src/import/cell-age';

describe('readAgeCell', () => {
  it('reads ages as spreadsheets write them, into whole years and months', () => {
    const cases: [string, string, string][] = [
      ['2', '2', '0'],
      ['2.5', '2', '6'],
      ['2,5', '2', '6'],
      ['2 years', '2', '0'],
      ['1 year', '1', '0'],
      ['2 yrs', '2', '0'],
      ['6 months', '0', '6'],
      ['6 mos', '0', '6'],
      ['6m', '0', '6'],
      ['2y 3m', '2', '3'],
      ['2y3m', '2', '3'],
      ['2 years, 3 months', '2', '3'],
      ['1 year and 6 months', '1', '6'],
      ['18 months', '1', '6'],
      ['8 weeks', '0', '1'],
      ['2 años', '2', '0'],
      ['2 AÑOS Y 3 MESES', '2', '3'],
      ['6 meses', '0', '6'],
      ['2a 3m', '2', '3'],
      ['0', '0', '0'],
    ];
    for (const [cell, years, months] of cases) {
      expect(readAgeCell(cell), cell).toEqual({ years, months });
    }
  });

  it('gives nothing for an empty cell', () => {
    expect(readAgeCell('  ')).toEqual({ years: '', months: '' });
  });

  it('refuses what is not an age', () => {
    for (const cell of ['about 2', 'two', '2 3', '2 decades', 'puppy', '-1', '2 years old-ish']) {
      expect(readAgeCell(cell), cell).toBeNull();
    }
  });
});
