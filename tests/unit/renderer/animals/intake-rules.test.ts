import { describe, expect, it } from 'vitest';
import { checkAnimal } from '../../../../src/animals/intake-rules';
import { indexCategories, NO_CATEGORIES } from '../../../../src/data/category-list';
import { applyLanguage } from '../../../../src/i18n';

/** The form's and the import's message for a status the service does not take. */
const notAStatus = (status: string): string =>
  `\u201c${status}\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted. Leave it empty for no status.`;

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
        status: notAStatus('lost'),
      },
    });
    expect(checkAnimal({ name: 'Rex', category: ' ', status: '' }, shelter)).toEqual({
      ok: false,
      errors: { categoryId: 'Category is required.' },
    });
  });

  it('refuses a number the service cannot hold, and a status it does not know', () => {
    expect(
      checkAnimal({ name: 'Rex', category: '9223372036854775808', status: 'fostered' }, shelter),
    ).toEqual({
      ok: false,
      errors: {
        categoryId:
          '\u201c9223372036854775808\u201d is too large for a category number: the service cannot hold a number that big.',
        status: notAStatus('fostered'),
      },
    });
  });

  it('takes a status in the words staff read, singular or plural, as the service’s value', () => {
    const statusOf = (status: string) => {
      const checked = checkAnimal({ name: 'Rex', category: '2', status }, shelter);
      return checked.ok ? checked.value.status : checked.errors.status;
    };
    expect(['Adopted', 'adoption pending', 'AVAILABLE', 'sold'].map(statusOf)).toEqual([
      'sold',
      'pending',
      'available',
      'sold',
    ]);
  });

  it('takes and names the statuses in Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    try {
      const check = (status: string) =>
        checkAnimal({ name: 'Rex', category: '2', status }, shelter);
      expect(check('Adoptados')).toEqual({
        ok: true,
        value: { name: 'Rex', categoryId: '2', status: 'sold' },
      });
      expect(check('adopcion pendiente')).toMatchObject({ value: { status: 'pending' } });
      expect(check('perdido')).toEqual({
        ok: false,
        errors: {
          status:
            '«perdido» no es un estado que Kennel conozca: los estados son Disponible, Adopción pendiente y Adoptado. Déjelo vacío si no tiene estado.',
        },
      });
    } finally {
      await applyLanguage('en');
    }
  });

  it('says why the name is refused in Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    try {
      expect(checkAnimal({ name: '  ', category: '2', status: '' }, shelter)).toEqual({
        ok: false,
        errors: { name: 'El nombre es obligatorio.' },
      });
      expect(checkAnimal({ name: 'a'.repeat(1001), category: '2', status: '' }, shelter)).toEqual({
        ok: false,
        errors: {
          name: 'Este nombre tiene 1001 caracteres; Kennel envía nombres de hasta 1000 caracteres. Acórtelo.',
        },
      });
    } finally {
      await applyLanguage('en');
    }
  });
});
