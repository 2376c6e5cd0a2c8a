import { describe, expect, it } from 'vitest';
import { chipProblem, looksLikeIsoChip, normaliseChip } from '../../../../src/records/chip';

describe('a chip number as typed or scanned', () => {
  it('drops spaces, dashes, dots and no-break spaces', () => {
    expect(normaliseChip(' 985 141-000.123\u00a0456 ')).toBe('985141000123456');
    expect(normaliseChip('985\t141\u2011000\u2013123\u2014456')).toBe('985141000123456');
  });

  it('writes lowercase hexadecimal letters as capitals', () => {
    expect(normaliseChip('0a1b2-c3d4e')).toBe('0A1B2C3D4E');
  });

  it('leaves every other character for the check to name', () => {
    expect(normaliseChip('98514100012345/')).toBe('98514100012345/');
  });
});

describe('what is wrong with a chip number', () => {
  it('takes 15 digits, 9 digits and 10 hexadecimal characters', () => {
    expect(chipProblem('985141000123456')).toBeNull();
    expect(chipProblem('123456789')).toBeNull();
    expect(chipProblem('0A1B2C3D4E')).toBeNull();
    expect(chipProblem('0123456789')).toBeNull();
  });

  it('names the first character that cannot be part of one', () => {
    expect(chipProblem('98514100012345G')).toEqual({ kind: 'character', character: 'G' });
    expect(chipProblem('985/41000123456')).toEqual({ kind: 'character', character: '/' });
    expect(chipProblem(normaliseChip('0a1b2c3d4z'))).toEqual({
      kind: 'character',
      character: 'Z',
    });
  });

  it('gives the length of a number of digits that is no chip’s length', () => {
    expect(chipProblem('98514100012345')).toEqual({ kind: 'length', length: 14 });
    expect(chipProblem('9851410001234567')).toEqual({ kind: 'length', length: 16 });
    expect(chipProblem('12345678')).toEqual({ kind: 'length', length: 8 });
  });

  it('refuses hexadecimal letters on a chip of any length but 10 as a wrong character', () => {
    expect(chipProblem('98514100012345A')).toEqual({ kind: 'character', character: 'A' });
    expect(chipProblem('1234F6789')).toEqual({ kind: 'character', character: 'F' });
    expect(chipProblem('0123456789A')).toEqual({ kind: 'character', character: 'A' });
  });

  it('gives the length when the only thing wrong is the length', () => {
    expect(chipProblem('')).toEqual({ kind: 'length', length: 0 });
  });
});

describe('a full ISO chip from a scanner', () => {
  it('is 15 digits once spaces and dashes are dropped', () => {
    expect(looksLikeIsoChip('985 141 000-123-456')).toBe(true);
    expect(looksLikeIsoChip('123456789')).toBe(false);
    expect(looksLikeIsoChip('0A1B2C3D4E')).toBe(false);
  });
});
