import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import {
  columnCount,
  columnTitle,
  detectMapping,
  mappingProblem,
} from '../../../../src/import/mapping';

describe('detectMapping with headings', () => {
  it('recognises English headings whatever their case', () => {
    for (const heading of [
      ['Name', 'Category', 'Status'],
      ['NAME', 'CATEGORY', 'STATUS'],
      ['name', 'species', 'state'],
      [' Pet Name ', 'Type', 'Status'],
      ['Animal', 'Kind', 'status'],
      ['pet_name', 'Category-ID', 'State'],
      ['Animal Name', 'categoryId', 'Status'],
    ]) {
      expect(detectMapping([heading, ['Bella', 'Dog', 'available']]), heading.join()).toEqual({
        hasHeader: true,
        mapping: { name: 0, category: 1, status: 2 },
      });
    }
  });

  it('recognises Spanish headings, with or without accents', () => {
    for (const heading of [
      ['Nombre', 'Especie', 'Estado'],
      ['NOMBRE', 'Categoría', 'ESTADO'],
      ['nombre', 'tipo', 'estado'],
      ['Nombre del animal', 'Tipo de animal', 'Situación'],
      ['Mascota', 'Número de categoría', 'Estatus'],
      ['nombre_de_la_mascota', 'CATEGORIA', 'estado'],
    ]) {
      expect(detectMapping([heading, ['Luna', 'Perro', 'available']]), heading.join()).toEqual({
        hasHeader: true,
        mapping: { name: 0, category: 1, status: 2 },
      });
    }
  });

  it('finds the columns in any order, among others it does not know', () => {
    const rows = [
      ['Weight', 'Status', 'Vaccinated', 'Animal Name', 'Species'],
      ['12 kg', 'available', 'yes', 'Bella', 'Dog'],
    ];
    expect(detectMapping(rows)).toEqual({
      hasHeader: true,
      mapping: { name: 3, category: 4, status: 1 },
    });
  });

  it('takes the first column headed for a field', () => {
    const rows = [
      ['Name', 'Species', 'Pet name', 'Category'],
      ['Bella', 'Dog', 'Bel', '2'],
    ];
    expect(detectMapping(rows).mapping).toEqual({ name: 0, category: 1, status: null });
  });

  it('takes one known heading as a heading row, leaving the other fields unset', () => {
    expect(
      detectMapping([
        ['Name', 'Weight'],
        ['Bella', '12 kg'],
      ]),
    ).toEqual({ hasHeader: true, mapping: { name: 0, category: null, status: null } });
  });
});

describe('detectMapping without headings', () => {
  it('takes the first three columns as name, category and status', () => {
    expect(
      detectMapping([
        ['Bella', 'Dog', 'available'],
        ['Rex', '2', 'sold'],
      ]),
    ).toEqual({ hasHeader: false, mapping: { name: 0, category: 1, status: 2 } });
  });

  it('maps only the columns there are, counting the widest row', () => {
    expect(detectMapping([['Bella'], ['Rex']]).mapping).toEqual({
      name: 0,
      category: null,
      status: null,
    });
    expect(detectMapping([['Bella'], ['Rex', 'Dog']]).mapping).toEqual({
      name: 0,
      category: 1,
      status: null,
    });
    expect(
      detectMapping([
        ['Bella', 'Dog'],
        ['Rex', 'Dog', 'sold', 'note'],
      ]),
    ).toEqual({
      hasHeader: false,
      mapping: { name: 0, category: 1, status: 2 },
    });
  });

  it('maps nothing when there are no rows', () => {
    expect(detectMapping([])).toEqual({
      hasHeader: false,
      mapping: { name: null, category: null, status: null },
    });
  });

  it('does not take a heading that only contains a known word', () => {
    expect(
      detectMapping([
        ['Names of dogs', 'Categories'],
        ['Bella', 'Dog'],
      ]).hasHeader,
    ).toBe(false);
  });
});

describe('columnTitle', () => {
  const rows = [
    ['  Pet name ', '', 'Status'],
    ['Bella', 'Dog', 'available'],
  ];

  it('is the heading, trimmed, when the first row is headings', () => {
    expect(columnTitle(rows, true, 0)).toBe('Pet name');
    expect(columnTitle(rows, true, 2)).toBe('Status');
  });

  it('is "Column N" for a blank heading, a column past the headings, or no headings', () => {
    expect(columnTitle(rows, true, 1)).toBe('Column 2');
    expect(columnTitle(rows, true, 4)).toBe('Column 5');
    expect(columnTitle(rows, false, 0)).toBe('Column 1');
    expect(columnTitle([], true, 0)).toBe('Column 1');
  });
});

describe('columnCount', () => {
  it('is the width of the widest row', () => {
    expect(columnCount([])).toBe(0);
    expect(columnCount([['a'], ['a', 'b', 'c'], ['a', 'b']])).toBe(3);
  });
});

describe('mappingProblem', () => {
  it('needs a name and a category; status is optional', () => {
    expect(mappingProblem({ name: 0, category: 1, status: null })).toBeNull();
    expect(mappingProblem({ name: 2, category: 0, status: 1 })).toBeNull();
    expect(mappingProblem({ name: null, category: null, status: 2 })).toBe(
      'No column holds names or categories. Choose below which column holds what.',
    );
    expect(mappingProblem({ name: null, category: 1, status: null })).toBe(
      'Choose the column that holds each animal\u2019s name.',
    );
    expect(mappingProblem({ name: 0, category: null, status: 2 })).toBe(
      'Choose the column that holds each animal\u2019s category.',
    );
  });
});

describe('columns and problems in the app\u2019s language', () => {
  afterEach(() => applyLanguage('en'));

  it('names an unheaded column and what is missing in Spanish', async () => {
    await applyLanguage('es');
    expect(columnTitle([['Luna', 'Perro']], false, 1)).toBe('Columna 2');
    expect(mappingProblem({ name: 0, category: null, status: null })).toBe(
      'Elija la columna que tiene la categor\u00eda de cada animal.',
    );
  });
});
