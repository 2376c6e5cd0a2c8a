import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choiceCode, type ChoiceColumn } from '../../../../src/import/cell-words';

/** A shipped catalogue's words, read as the app ships them. */
function catalogue(language: 'en' | 'es', name: string): Record<string, Record<string, string>> {
  const url = new URL(`../../../../src/i18n/${language}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, Record<string, string>>;
}

describe('choiceCode', () => {
  it('reads the sex staff write, in English and Spanish, any case', () => {
    const cases: [string, string][] = [
      ['F', 'female'],
      ['f', 'female'],
      ['Female', 'female'],
      ['HEMBRA', 'female'],
      ['H', 'female'],
      ['Spayed female', 'female'],
      ['M', 'male'],
      ['male', 'male'],
      ['Macho', 'male'],
      ['U', 'unknown'],
      ['Unknown', 'unknown'],
      ['desconocido', 'unknown'],
    ];
    for (const [cell, code] of cases) expect(choiceCode('sex', cell), cell).toBe(code);
  });

  it('reads yes and no for neutered', () => {
    const cases: [string, string][] = [
      ['Yes', 'yes'],
      ['Y', 'yes'],
      ['TRUE', 'yes'],
      ['1', 'yes'],
      ['Sí', 'yes'],
      ['si', 'yes'],
      ['Spayed', 'yes'],
      ['castrada', 'yes'],
      ['No', 'no'],
      ['n', 'no'],
      ['false', 'no'],
      ['0', 'no'],
      ['Intact', 'no'],
      ['entero', 'no'],
      ['unknown', 'unknown'],
    ];
    for (const [cell, code] of cases) expect(choiceCode('neutered', cell), cell).toBe(code);
  });

  it('reads how an animal came in', () => {
    const cases: [string, string][] = [
      ['stray', 'stray'],
      ['Stray', 'stray'],
      ['Callejero', 'stray'],
      ['surrender', 'surrender'],
      ['Owner surrender', 'surrender'],
      ['owner-surrender', 'surrender'],
      ['Entrega', 'surrender'],
      ['transfer', 'transfer-in'],
      ['Transfer In', 'transfer-in'],
      ['transfer-in', 'transfer-in'],
      ['Traslado', 'transfer-in'],
      ['return', 'return'],
      ['Returned', 'return'],
      ['Devolución', 'return'],
      ['born in care', 'born-in-care'],
      ['Nacido en el refugio', 'born-in-care'],
      ['seized', 'seized'],
      ['Confiscated', 'seized'],
      ['Incautado', 'seized'],
      ['other', 'other'],
      ['Otro', 'other'],
    ];
    for (const [cell, code] of cases) expect(choiceCode('intakeType', cell), cell).toBe(code);
  });

  it('reads outcomes', () => {
    const cases: [string, string][] = [
      ['Adopted', 'adopted'],
      ['adoptada', 'adopted'],
      ['Returned to owner', 'returned-to-owner'],
      ['RTO', 'returned-to-owner'],
      ['Devuelto a su dueño', 'returned-to-owner'],
      ['Transferred out', 'transferred-out'],
      ['Trasladado', 'transferred-out'],
      ['Died', 'died'],
      ['Euthanized', 'died'],
      ['Falleció', 'died'],
      ['Other outcome', 'other'],
    ];
    for (const [cell, code] of cases) expect(choiceCode('outcome', cell), cell).toBe(code);
  });

  it('gives empty for an empty cell and null for a word it does not know', () => {
    expect(choiceCode('sex', '  ')).toBe('');
    expect(choiceCode('sex', 'Fem.ale')).toBeNull();
    expect(choiceCode('neutered', 'maybe')).toBeNull();
    expect(choiceCode('intakeType', 'Adopted')).toBeNull();
    expect(choiceCode('outcome', 'Stray')).toBeNull();
  });

  for (const language of ['en', 'es'] as const) {
    it(`reads back every word Kennel's own export writes (${language})`, () => {
      const records = catalogue(language, 'records');
      const animals = catalogue(language, 'animals');
      const groups: [ChoiceColumn, Record<string, string>][] = [
        ['sex', records.sex!],
        ['neutered', records.neutered!],
        ['intakeType', records.intakeType!],
        ['outcome', records.outcome!],
        ['birthEstimated', { yes: animals.export!.yes!, no: animals.export!.no! }],
      ];
      for (const [column, words] of groups) {
        for (const [code, word] of Object.entries(words)) {
          expect(choiceCode(column, word), `${column}: ${word}`).toBe(code);
        }
      }
    });
  }
});
