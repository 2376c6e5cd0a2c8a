import { afterEach, describe, expect, it } from 'vitest';
import { addProblem } from '../../../../src/categories/category-edits';
import {
  categoryNumberProblem,
  indexCategories,
  listProblems,
  resolveCategory,
} from '../../../../src/data/category-list';
import { applyLanguage } from '../../../../src/i18n';

const TOO_LARGE = (text: string): string =>
  `\u201c${text}\u201d is too large for a category number: the service cannot hold a number that big.`;
const NEGATIVE = (text: string): string =>
  `\u201c${text}\u201d is below zero: category numbers start at 1.`;
const ZERO = (text: string): string =>
  `\u201c${text}\u201d is not a category number: they start at 1.`;
const DECIMAL = (text: string): string =>
  `\u201c${text}\u201d is not a whole number: a category number has no decimals, such as 2.`;
const GROUPED = (text: string): string =>
  `\u201c${text}\u201d has a separator in it: type the category number with digits only, such as 1000.`;

describe('categoryNumberProblem', () => {
  it('says exactly what is wrong with a number the service does not take', () => {
    const cases: [string, string][] = [
      ['99999999999999999999', TOO_LARGE('99999999999999999999')],
      ['9223372036854775808', TOO_LARGE('9223372036854775808')],
      ['-3', NEGATIVE('-3')],
      [' -99999999999999999999 ', NEGATIVE('-99999999999999999999')],
      ['0', ZERO('0')],
      ['000', ZERO('000')],
      ['-0', ZERO('-0')],
      ['2.5', DECIMAL('2.5')],
      ['2,5', DECIMAL('2,5')],
      ['.5', DECIMAL('.5')],
      ['2.0', DECIMAL('2.0')],
      ['0.500', DECIMAL('0.500')],
      ['1,000', GROUPED('1,000')],
      ['2.500', GROUPED('2.500')],
      ['+3', 'A category number is a whole number, 1 or more, such as 2.'],
    ];
    for (const [text, problem] of cases) expect(categoryNumberProblem(text), text).toBe(problem);
  });

  it('has nothing to say of a good number or of a word', () => {
    for (const text of ['7', '007', '9223372036854775807', 'Dog', 'Guinea pig', '', 'A-100']) {
      expect(categoryNumberProblem(text), text).toBeNull();
    }
  });
});

describe('a category typed in the form or a file', () => {
  // A name that reads like a number can only come from an old list or a file.
  const shelter = indexCategories([
    { id: '2', name: 'Dog' },
    { id: '5', name: '-3' },
  ]);

  it('reads "-3" as a negative number, never as a name', () => {
    expect(resolveCategory('-3', shelter)).toEqual({ ok: false, problem: NEGATIVE('-3') });
    expect(resolveCategory('-3', indexCategories([]))).toEqual({
      ok: false,
      problem: NEGATIVE('-3'),
    });
  });

  it('refuses a number too large, zero and decimals with their reason, and still takes good ones', () => {
    expect(resolveCategory('99999999999999999999', shelter)).toEqual({
      ok: false,
      problem: TOO_LARGE('99999999999999999999'),
    });
    expect(resolveCategory('0', shelter)).toEqual({ ok: false, problem: ZERO('0') });
    expect(resolveCategory(' 2.5 ', shelter)).toEqual({ ok: false, problem: DECIMAL('2.5') });
    expect(resolveCategory('dog', shelter)).toEqual({ ok: true, id: '2' });
    expect(resolveCategory('9223372036854775807', shelter)).toEqual({
      ok: true,
      id: '9223372036854775807',
    });
  });

  it('gives the same reasons in Settings, under the number', () => {
    expect(addProblem([], '-3', 'Hen')).toEqual({ field: 'number', problem: NEGATIVE('-3') });
    expect(addProblem([], '99999999999999999999', 'Hen')).toEqual({
      field: 'number',
      problem: TOO_LARGE('99999999999999999999'),
    });
  });

  it('gives the same reasons for a category file, row by row', () => {
    expect(
      listProblems([
        { id: '-3', name: 'Hen' },
        { id: 'three', name: 'Cat' },
      ]),
    ).toEqual([
      { row: 0, problem: NEGATIVE('-3') },
      { row: 1, problem: '\u201cthree\u201d is not a category number.' },
    ]);
  });
});

describe('category numbers in Spanish', () => {
  afterEach(() => applyLanguage('en'));

  it('says what is wrong in the language in use', async () => {
    await applyLanguage('es');
    expect(categoryNumberProblem('-3')).toBe(
      '\u00ab-3\u00bb es menor que cero: los n\u00fameros de categor\u00eda empiezan en 1.',
    );
    expect(categoryNumberProblem('99999999999999999999')).toBe(
      '\u00ab99999999999999999999\u00bb es demasiado grande para un n\u00famero de categor\u00eda: el servicio no admite un n\u00famero tan grande.',
    );
    expect(categoryNumberProblem('2,5')).toBe(
      '\u00ab2,5\u00bb no es un n\u00famero entero: un n\u00famero de categor\u00eda no lleva decimales, como 2.',
    );
  });
});
