import { afterEach, describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../../src/animals/intake-queue';
import { checkAnimal } from '../../../../src/animals/intake-rules';
import { indexCategories, NO_CATEGORIES } from '../../../../src/data/category-list';
import { applyLanguage } from '../../../../src/i18n';

const shelter = indexCategories([{ id: '2', name: 'Dog' }]);

const animal = (name: string, category = 'Dog') => ({ name, category, status: '' });

describe('a long name', () => {
  it('is asked about above 100 characters, with its length, and not at 100', () => {
    expect(checkAnimal(animal('a'.repeat(100)), shelter)).toEqual({
      ok: true,
      value: { name: 'a'.repeat(100), categoryId: '2' },
    });
    expect(checkAnimal(animal('a'.repeat(143)), shelter)).toEqual({
      ok: true,
      value: { name: 'a'.repeat(143), categoryId: '2' },
      longName: 143,
    });
  });

  it('is measured as sent: trimmed, and in characters, an emoji being one', () => {
    expect(checkAnimal(animal(`   ${'a'.repeat(100)}   `), shelter)).not.toHaveProperty('longName');
    expect(checkAnimal(animal('🐕'.repeat(100)), shelter)).not.toHaveProperty('longName');
    expect(checkAnimal(animal('🐕'.repeat(101)), shelter)).toMatchObject({ longName: 101 });
  });

  it('is refused outright above 1,000 characters, saying how long it is', () => {
    expect(checkAnimal(animal('a'.repeat(1000)), shelter)).toMatchObject({
      ok: true,
      longName: 1000,
    });
    expect(checkAnimal(animal('a'.repeat(5000)), shelter)).toEqual({
      ok: false,
      errors: {
        name: 'This name is 5,000 characters long; Kennel sends names of up to 1,000 characters. Shorten it.',
      },
    });
  });

  it('keeps its own message beside the others', () => {
    expect(
      checkAnimal({ name: 'a'.repeat(1001), category: 'Cat', status: 'lost' }, shelter),
    ).toEqual({
      ok: false,
      errors: {
        name: 'This name is 1,001 characters long; Kennel sends names of up to 1,000 characters. Shorten it.',
        categoryId:
          'No category is called \u201cCat\u201d. Type its number, or add the name under Settings, Categories.',
        status:
          '\u201clost\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted. Leave it empty for no status.',
      },
    });
  });

  it('travels with the form’s snapshot, which keeps the text as typed', () => {
    const taken = takeSnapshot(animal(`${'b'.repeat(120)} `, '2'), NO_CATEGORIES);
    expect(taken).toEqual({
      ok: true,
      fields: { name: `${'b'.repeat(120)} `, category: '2', status: '' },
      pet: { name: 'b'.repeat(120), categoryId: '2' },
      longName: 120,
    });
    expect(takeSnapshot(animal('Rex', '2'), NO_CATEGORIES)).not.toHaveProperty('longName');
  });
});

describe('a long name in Spanish', () => {
  afterEach(() => applyLanguage('en'));

  it('is refused in the language in use', async () => {
    await applyLanguage('es');
    expect(checkAnimal(animal('a'.repeat(1500)), shelter)).toEqual({
      ok: false,
      errors: {
        name: 'Este nombre tiene 1500 caracteres; Kennel envía nombres de hasta 1000 caracteres. Acórtelo.',
      },
    });
  });
});
