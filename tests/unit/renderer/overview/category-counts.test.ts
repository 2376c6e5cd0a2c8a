import { describe, expect, it } from 'vitest';
import { indexCategories, NO_CATEGORIES } from '../../../../src/data/category-list';
import { countByCategory } from '../../../../src/overview/category-counts';

describe('the animals by category', () => {
  const names = indexCategories([
    { id: '1', name: 'Dog' },
    { id: '2', name: 'Cat' },
  ]);

  it('counts one per animal, most first, named as the list names them', () => {
    expect(countByCategory(['2', '1', '2', '5', '2', '1'], names)).toEqual([
      { id: '2', label: 'Cat', count: 3 },
      { id: '1', label: 'Dog', count: 2 },
      { id: '5', label: 'Category 5', count: 1 },
    ]);
  });

  it('takes "07" and "7" for the same category', () => {
    expect(countByCategory(['07', '7', ' 7 '], NO_CATEGORIES)).toEqual([
      { id: '7', label: 'Category 7', count: 3 },
    ]);
  });

  it('orders categories with as many animals by name', () => {
    expect(countByCategory(['1', '2', '3'], names).map((c) => c.label)).toEqual([
      'Cat',
      'Category 3',
      'Dog',
    ]);
  });

  it('has no line for an empty computer', () => {
    expect(countByCategory([], names)).toEqual([]);
  });
});
