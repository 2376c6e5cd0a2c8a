import { describe, expect, it } from 'vitest';
import { checkNewPet } from '../../../electron/core/api/arguments';
import { InvalidArgumentError } from '../../../electron/core/errors/invalid-argument-error';
import { NAME_MAX_LENGTH, nameLength, validateNewPet } from '../../../electron/contract/validate';

describe('the longest name sent', () => {
  it('counts characters as staff see them, not UTF-16 units', () => {
    expect(nameLength('Zoë')).toBe(3);
    expect(nameLength('🐕🐈')).toBe(2);
    expect(nameLength('')).toBe(0);
  });

  it('takes a name of exactly the maximum, spaces around it aside, and refuses one more', () => {
    const longest = 'a'.repeat(NAME_MAX_LENGTH);
    expect(NAME_MAX_LENGTH).toBe(1000);
    expect(validateNewPet({ name: `  ${longest}  `, categoryId: '2' })).toEqual({
      ok: true,
      value: { name: longest, categoryId: '2' },
    });
    expect(validateNewPet({ name: `${longest}b`, categoryId: '2' })).toEqual({
      ok: false,
      errors: { name: 'name-too-long' },
    });
    // 1,000 dogs are 2,000 UTF-16 units, and still one name of 1,000 characters.
    expect(validateNewPet({ name: '🐕'.repeat(NAME_MAX_LENGTH), categoryId: '2' }).ok).toBe(true);
  });

  it('is the Node side’s rule too, so a name the form refuses is never sent', () => {
    let thrown: unknown;
    try {
      checkNewPet({ name: 'x'.repeat(5000), categoryId: '2' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidArgumentError);
    expect(thrown).toMatchObject({ field: 'name' });
  });
});
