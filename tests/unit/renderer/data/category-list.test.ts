import { describe, expect, it } from 'vitest';
import {
  categoryFieldText,
  categoryLabel,
  categoryNameProblem,
  categoryNumber,
  indexCategories,
  listProblems,
  mergeLists,
  NO_CATEGORIES,
  normaliseList,
  resolveCategory,
} from '../../../../src/data/category-list';

const MAX = '9223372036854775807';

const shelter = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '7', name: 'Chèvre' },
  { id: MAX, name: 'Big one' },
]);

describe('categoryNumber', () => {
  it('reads digits as the canonical number the service uses', () => {
    expect(categoryNumber(' 2 ')).toBe('2');
    expect(categoryNumber('007')).toBe('7');
    expect(categoryNumber(MAX)).toBe(MAX);
  });

  it('refuses what is not a number from 1 to the largest', () => {
    for (const text of ['', '0', '000', '-2', '2.0', '1e3', 'two', '9223372036854775808']) {
      expect(categoryNumber(text), text).toBeNull();
    }
  });
});

describe('categoryNameProblem', () => {
  it('accepts a name and refuses an empty, long or all-digit one', () => {
    expect(categoryNameProblem(' Dog ')).toBeNull();
    expect(categoryNameProblem('   ')).toBe('A category needs a name.');
    expect(categoryNameProblem('x'.repeat(61))).toMatch(/at most 60 characters/);
    expect(categoryNameProblem('12')).toMatch(/cannot be only digits/);
  });
});

describe('the index', () => {
  it('looks names up whatever the case and accents, and numbers whatever their zeros', () => {
    expect(shelter.idOf('dog')).toBe('2');
    expect(shelter.idOf(' CHEVRE ')).toBe('7');
    expect(shelter.idOf('Cat')).toBeUndefined();
    expect(shelter.nameOf('02')).toBe('Dog');
    expect(shelter.nameOf(MAX)).toBe('Big one');
    expect(shelter.list.map((c) => c.name)).toEqual(['Big one', 'Chèvre', 'Dog']);
  });

  it('labels a named number by its name and any other as "Category N"', () => {
    expect(categoryLabel('2', shelter)).toBe('Dog');
    expect(categoryLabel('17', shelter)).toBe('Category 17');
    expect(categoryLabel(' 017', NO_CATEGORIES)).toBe('Category 17');
  });
});

describe('resolveCategory', () => {
  it('takes a name from the list or any number', () => {
    expect(resolveCategory(' dog ', shelter)).toEqual({ ok: true, id: '2' });
    expect(resolveCategory('chèvre', shelter)).toEqual({ ok: true, id: '7' });
    expect(resolveCategory('2', shelter)).toEqual({ ok: true, id: '2' });
    expect(resolveCategory('0017', shelter)).toEqual({ ok: true, id: '17' });
    expect(resolveCategory(MAX, NO_CATEGORIES)).toEqual({ ok: true, id: MAX });
  });

  it('refuses an empty field, a word the list lacks and a number out of range, in words', () => {
    expect(resolveCategory('  ', shelter)).toEqual({ ok: false, problem: 'Category is required.' });
    expect(resolveCategory('Cat', shelter)).toEqual({
      ok: false,
      problem:
        'No category is called \u201cCat\u201d. Type its number, or add the name under Settings, Categories.',
    });
    expect(resolveCategory('0', shelter)).toEqual({
      ok: false,
      problem: '\u201c0\u201d is not a category number: they start at 1.',
    });
    // Staff never read the service's largest number.
    expect(resolveCategory(`${MAX}0`, shelter)).toEqual({
      ok: false,
      problem: `\u201c${MAX}0\u201d is too large for a category number: the service cannot hold a number that big.`,
    });
    expect(resolveCategory('-3', shelter)).toEqual({
      ok: false,
      problem: '\u201c-3\u201d is below zero: category numbers start at 1.',
    });
  });
});

describe('categoryFieldText', () => {
  it('writes a named category by its name, which reads back as the same number', () => {
    for (const id of ['2', '7', MAX]) {
      const text = categoryFieldText(id, shelter);
      expect(text).not.toBe(id);
      expect(resolveCategory(text, shelter)).toEqual({ ok: true, id });
    }
  });

  it('keeps the number of a category the list does not name', () => {
    expect(categoryFieldText('17', shelter)).toBe('17');
    expect(categoryFieldText('2', NO_CATEGORIES)).toBe('2');
  });
});

describe('listProblems, normaliseList and mergeLists', () => {
  it('names each row at fault: bad number, bad name, a number or a name used twice', () => {
    expect(
      listProblems([
        { id: '2', name: 'Dog' },
        { id: 'x', name: 'Cat' },
        { id: '02', name: 'Hound' },
        { id: '5', name: ' DOG ' },
        { id: '6', name: '' },
      ]),
    ).toEqual([
      { row: 1, problem: '\u201cx\u201d is not a category number.' },
      { row: 2, problem: 'Category number 2 is listed twice.' },
      { row: 3, problem: 'The name \u201cDOG\u201d is used twice.' },
      { row: 4, problem: 'A category needs a name.' },
    ]);
    expect(listProblems([{ id: '2', name: 'Dog' }])).toEqual([]);
  });

  it('stores canonical numbers and tidy names', () => {
    expect(normaliseList([{ id: ' 007 ', name: '  Guinea   pig ' }])).toEqual([
      { id: '7', name: 'Guinea pig' },
    ]);
  });

  it('merges a file over the list: renames and additions, nothing removed', () => {
    const merged = mergeLists(
      [
        { id: '2', name: 'Dog' },
        { id: '3', name: 'Cat' },
      ],
      [
        { id: '3', name: 'Kitten' },
        { id: '9', name: 'Rabbit' },
      ],
    );
    expect(merged).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Kitten' },
      { id: '9', name: 'Rabbit' },
    ]);
  });
});
