import { describe, expect, it } from 'vitest';
import { checkNewPet } from '../../../electron/core/api/arguments';
import { validateNewPet } from '../../../electron/contract/validate';

describe('the animal rules speak in codes', () => {
  it('names each field at fault by a code, never in words', () => {
    expect(validateNewPet({ name: '  ', categoryId: '', status: 'lost' })).toEqual({
      ok: false,
      errors: { name: 'name-required', categoryId: 'category-required', status: 'status-unknown' },
    });
    expect(validateNewPet({ name: 42, categoryId: '0' })).toEqual({
      ok: false,
      errors: { name: 'name-required', categoryId: 'category-not-int64' },
    });
    expect(validateNewPet({ name: 'Rex', categoryId: '9223372036854775808' })).toEqual({
      ok: false,
      errors: { categoryId: 'category-not-int64' },
    });
  });

  it('leaves the Node side an English line for its log, naming the codes and the first field', () => {
    expect(() => checkNewPet({ name: '', categoryId: 'x' })).toThrow(
      expect.objectContaining({
        field: 'name',
        message: 'The animal was refused before sending (name-required, category-not-int64).',
      }),
    );
  });
});
