import { describe, expect, it } from 'vitest';
import { addProblem, renameProblem } from '../../../../src/categories/category-edits';

const list = [
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Chèvre' },
];

describe('addProblem', () => {
  it('accepts a new number with a new name', () => {
    expect(addProblem(list, ' 07 ', 'Hen')).toBeNull();
  });

  it('puts a number problem under the number', () => {
    expect(addProblem(list, ' ', 'Hen')).toEqual({
      field: 'number',
      problem: 'Type the category\u2019s number.',
    });
    expect(addProblem(list, 'seven', 'Hen')?.field).toBe('number');
    expect(addProblem(list, '0', 'Hen')?.problem).toBe(
      '\u201c0\u201d is not a category number: they start at 1.',
    );
    expect(addProblem(list, '-3', 'Hen')?.problem).toBe(
      '\u201c-3\u201d is below zero: category numbers start at 1.',
    );
    expect(addProblem(list, '2.5', 'Hen')?.problem).toBe(
      '\u201c2.5\u201d is not a whole number: a category number has no decimals, such as 2.',
    );
    expect(addProblem(list, '99999999999999999999', 'Hen')?.problem).toBe(
      '\u201c99999999999999999999\u201d is too large for a category number: the service cannot hold a number that big.',
    );
    expect(addProblem(list, 'seven', 'Hen')?.problem).toBe(
      'A category number is a whole number, 1 or more, such as 2.',
    );
    expect(addProblem(list, '002', 'Hen')).toEqual({
      field: 'number',
      problem:
        'Category 2 is already in the list, as \u201cDog\u201d. Change its name in the list instead.',
    });
  });

  it('puts a name problem under the name', () => {
    expect(addProblem(list, '9', '')).toEqual({
      field: 'name',
      problem: 'A category needs a name.',
    });
    expect(addProblem(list, '9', '42')?.problem).toMatch(/cannot be only digits/);
    expect(addProblem(list, '9', ' CHEVRE ')).toEqual({
      field: 'name',
      problem: '\u201cChèvre\u201d is already the name of category 3.',
    });
  });
});

describe('renameProblem', () => {
  it('lets a category keep or recase its own name, and refuses another one’s', () => {
    expect(renameProblem(list, '2', 'DOG')).toBeNull();
    expect(renameProblem(list, '2', 'Hound')).toBeNull();
    expect(renameProblem(list, '2', 'chevre')).toBe(
      '\u201cChèvre\u201d is already the name of category 3.',
    );
    expect(renameProblem(list, '2', '  ')).toBe('A category needs a name.');
  });
});
