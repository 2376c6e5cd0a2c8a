import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../../src/animals/field-errors';
import { errorMessage } from '../../../../src/errors/messages';

describe('fieldErrorsOf', () => {
  it('puts a refusal that names a form field under that field', () => {
    const refusal = {
      kind: 'validation' as const,
      message: 'categoryId must be an integer within the int64 range',
      status: 400,
      field: 'categoryId',
    };
    expect(fieldErrorsOf(refusal)).toEqual({ categoryId: errorMessage(refusal) });
    expect(
      fieldErrorsOf({ kind: 'invalid-argument', message: 'Name is required.', field: 'name' }),
    ).toEqual({ name: 'Kennel could not send this name as it is. Correct it and save again.' });
  });

  it('gives no field message when none of the form’s fields is named', () => {
    expect(fieldErrorsOf(null)).toEqual({});
    expect(fieldErrorsOf({ kind: 'validation', message: 'Bad request', status: 400 })).toEqual({});
    expect(fieldErrorsOf({ kind: 'invalid-argument', message: 'x', field: 'limit' })).toEqual({});
  });
});
