import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import { exportHeadings } from '../../../../src/animals/list-export';
import { detectMapping, unusedColumns } from '../../../../src/import/mapping';
import { RECORD_COLUMNS, recordColumnName } from '../../../../src/import/record-columns';
import { SHEET_COLUMNS } from '../../../../src/records/record-sheet';

afterEach(() => applyLanguage('en'));

/** The record column each heading of `row` is guessed as, by heading. */
function guessed(row: string[]): Record<string, string> {
  const { mapping } = detectMapping([row, row.map(() => 'x')]);
  const found: Record<string, string> = {};
  for (const column of RECORD_COLUMNS) {
    const at = mapping[column];
    if (at !== undefined && at !== null) found[row[at] ?? ''] = column;
  }
  return found;
}

describe('record columns guessed from headings', () => {
  it('knows the common English headings, whatever their case and punctuation', () => {
    const cases: [string, string][] = [
      ['Microchip', 'chip'],
      ['CHIP', 'chip'],
      ['Microchip number', 'chip'],
      ['Chip No.', 'chip'],
      ['Chip #', 'chip'],
      ['Sex', 'sex'],
      ['gender', 'sex'],
      ['Neutered', 'neutered'],
      ['Spayed/Neutered', 'neutered'],
      ['DOB', 'birthDate'],
      ['D.O.B.', 'birthDate'],
      ['Date of birth', 'birthDate'],
      ['Birth date', 'birthDate'],
      ['Age', 'age'],
      ['Estimated age', 'age'],
      ['Breed', 'breed'],
      ['Colour', 'colour'],
      ['Color', 'colour'],
      ['Markings', 'colour'],
      ['Intake type', 'intakeType'],
      ['Came in', 'intakeType'],
      ['Intake date', 'intakeAt'],
      ['Intake', 'intakeAt'],
      ['Date in', 'intakeAt'],
      ['Found', 'foundAt'],
      ['Where found', 'foundAt'],
      ['Location found', 'foundAt'],
      ['Kennel', 'kennel'],
      ['Pen', 'kennel'],
      ['Cage', 'kennel'],
      ['Hold until', 'holdUntil'],
      ['Stray hold', 'holdUntil'],
      ['Notes', 'notes'],
      ['Comments', 'notes'],
      ['Outcome', 'outcome'],
      ['Outcome date', 'outcomeOn'],
    ];
    for (const [heading, column] of cases) {
      expect(guessed(['Name', heading]), heading).toEqual({ [heading]: column });
    }
  });

  it('knows the Spanish headings, with or without accents', () => {
    const cases: [string, string][] = [
      ['Nº de chip', 'chip'],
      ['Número de microchip', 'chip'],
      ['Sexo', 'sex'],
      ['Género', 'sex'],
      ['Castrado', 'neutered'],
      ['ESTERILIZADO', 'neutered'],
      ['Fecha de nacimiento', 'birthDate'],
      ['Edad', 'age'],
      ['Raza', 'breed'],
      ['Color', 'colour'],
      ['Tipo de ingreso', 'intakeType'],
      ['Fecha de ingreso', 'intakeAt'],
      ['Lugar', 'foundAt'],
      ['Dónde se encontró', 'foundAt'],
      ['Jaula', 'kennel'],
      ['Retención hasta', 'holdUntil'],
      ['Notas', 'notes'],
      ['Observaciones', 'notes'],
      ['Salida', 'outcome'],
      ['Fecha de salida', 'outcomeOn'],
    ];
    for (const [heading, column] of cases) {
      expect(guessed(['Nombre', heading]), heading).toEqual({ [heading]: column });
    }
  });

  it('reads "Type" as the category, unless another column holds the category', () => {
    expect(detectMapping([['Name', 'Type']]).mapping).toEqual({
      name: 0,
      category: 1,
      status: null,
    });
    // Beside "Species", "Type" is how the animal came in, wherever it stands.
    expect(detectMapping([['Name', 'Type', 'Species']]).mapping).toEqual({
      name: 0,
      category: 2,
      status: null,
      intakeType: 1,
    });
    expect(detectMapping([['Tipo', 'Nombre', 'Especie', 'Tipo de ingreso']]).mapping).toEqual({
      name: 1,
      category: 2,
      status: null,
      intakeType: 3,
    });
  });

  it('takes a first row of record headings alone as headings, leaving name and category to choose', () => {
    expect(
      detectMapping([
        ['Animal ID', 'Microchip', 'Sex'],
        ['A-1', '985141000123456', 'F'],
      ]),
    ).toEqual({
      hasHeader: true,
      mapping: { name: null, category: null, status: null, chip: 1, sex: 2 },
    });
  });

  it('guesses no record column for a file without headings', () => {
    const { mapping } = detectMapping([['Bella', 'Dog', 'available', 'Female', '2 years']]);
    expect(mapping).toEqual({ name: 0, category: 1, status: 2 });
  });

  for (const language of ['en', 'es'] as const) {
    it(`maps every heading of the list's own export back to its column (${language})`, async () => {
      await applyLanguage(language);
      const headings = exportHeadings();
      const { hasHeader, mapping } = detectMapping([headings]);
      expect(hasHeader).toBe(true);
      for (const column of SHEET_COLUMNS) {
        expect(mapping[column], column).toBe(headings.indexOf(recordColumnName(column)));
      }
      expect([mapping.name, mapping.category, mapping.status]).toEqual([0, 2, 3]);
      // Only the service's ID is left over.
      expect(unusedColumns([headings, headings.map(() => 'x')], mapping)).toEqual([1]);
    });
  }
});

describe('unusedColumns', () => {
  it('names every column nothing reads that holds a heading or a cell, in order', () => {
    const rows = [
      ['Name', 'Weight', 'Category', '', 'Vaccinated', ''],
      ['Bella', '12', 'Dog', '', '', ''],
      ['Rex', '', 'Cat', 'tall', 'yes', ''],
    ];
    const { mapping } = detectMapping(rows);
    expect(unusedColumns(rows, mapping)).toEqual([1, 3, 4]);
    expect(unusedColumns(rows, { ...mapping, notes: 1 })).toEqual([3, 4]);
  });
});
