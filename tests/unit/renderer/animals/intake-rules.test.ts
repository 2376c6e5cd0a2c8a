import { describe, expect, it } from 'vitest';
import { checkAnimal } from '../../../../src/animals/intake-rules';
import { indexCategories, NO_CATEGORIES } from '../../../../src/categories/category-list';

const shelter = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '7', name: 'Chèvre' },
]);

describe('checkAnimal', () => {
  it('takes the category by name or number and the status in any case', () => {
    expect(checkAnimal({ name: ' Rex ', category: 'dog', status: 'Available' }, shelter)).toEqual({
      ok: true,
      value: { name: 'Rex', categoryId: '2', status: 'available' },
    });
    expect(checkAnimal({ name: 'Zoë', category: 'CHEVRE', status: '' }, shelter)).toEqual({
      ok: true,
      value: { name: 'Zoë', categoryId: '7' },
    });
    expect(checkAnimal({ name: 'Max', category: '017', status: ' sold ' }, NO_CATEGORIES)).toEqual({
      ok: true,
      value: { name: 'Max', categoryId: '17', status: 'sold' },
    });
  });

  it('gives every field its message, the category in the words of the list', () => {
    expect(checkAnimal({ name: '', category: 'Cat', status: 'lost' }, shelter)).toEqual({
      ok: false,
      errors: {
        name: 'Name is required.',
        categoryId:
          'No category is called \u201cCat\u201d. Type its number, or add the name under Settings, Categories.',
        status: 'Status must be one of available, pending, sold.',
      },
    });
    expect(checkAnimal({ name: 'Rex', category: ' ', status: '' }, shelter)).toEqual({
      ok: false,
      errors: { categoryId: 'Category is required.' },
    });
  });

  it('refuses a number the service cannot hold, and a status it does not know', () => {
    expect(
      checkAnimal({ name: 'Rex', category: '9223372036854775808', status: 'adopted' }, shelter),
    ).toEqual({
      ok: false,
      errors: {
        categoryId: 'A category number is a whole number, 1 or more, such as 2.',
        status: 'Status must be one of available, pending, sold.',
      },
    });
  });
});
