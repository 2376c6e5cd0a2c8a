import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import {
  ageWords,
  cameInWords,
  chipWords,
  dayWords,
  intakeTypeWords,
  outcomeWords,
  sexWords,
} from '../../../../src/records/record-words';

afterEach(() => applyLanguage('en'));

describe('a chip in words', () => {
  it('groups an ISO chip in threes, a 9-digit one too, and a 10-character one in halves', () => {
    expect(chipWords('985141000123456')).toBe('985 141 000 123 456');
    expect(chipWords('123456789')).toBe('123 456 789');
    expect(chipWords('0A1B2C3D4E')).toBe('0A1B2 C3D4E');
  });

  it('leaves anything else as it is', () => {
    expect(chipWords('12345')).toBe('12345');
    expect(chipWords('')).toBe('');
  });
});

describe('an age in words', () => {
  it('says years and months, and only the part there is', () => {
    expect(ageWords('2024-08-15', false, '2026-11-28')).toBe('2 years 3 months');
    expect(ageWords('2025-11-28', false, '2026-11-28')).toBe('1 year');
    expect(ageWords('2025-10-28', false, '2026-11-28')).toBe('1 year 1 month');
    expect(ageWords('2026-06-01', false, '2026-11-28')).toBe('5 months');
    expect(ageWords('2026-11-20', false, '2026-11-28')).toBe('Under a month');
  });

  it('counts a month only once its day has come', () => {
    expect(ageWords('2024-08-29', false, '2026-11-28')).toBe('2 years 2 months');
  });

  it('marks an age worked out from an estimate', () => {
    expect(ageWords('2024-08-15', true, '2026-11-28')).toBe('2 years 3 months (estimated)');
  });

  it('says nothing of a birth still to come or a day that is not real', () => {
    expect(ageWords('2026-12-01', false, '2026-11-28')).toBeNull();
    expect(ageWords('2026-02-30', false, '2026-11-28')).toBeNull();
  });

  it('speaks Spanish', async () => {
    await applyLanguage('es');
    expect(ageWords('2024-08-15', true, '2026-11-28')).toBe('2 años 3 meses (estimada)');
    expect(ageWords('2025-11-01', false, '2026-11-28')).toBe('1 año');
  });
});

describe('sex and neutering in words', () => {
  it('puts both in one phrase, either alone, or nothing', () => {
    expect(sexWords('female', 'yes')).toBe('Female, neutered');
    expect(sexWords('male', 'no')).toBe('Male, not neutered');
    expect(sexWords('male', 'unknown')).toBe('Male');
    expect(sexWords('female', undefined)).toBe('Female');
    expect(sexWords('unknown', undefined)).toBe('Sex unknown');
    expect(sexWords('unknown', 'yes')).toBe('Sex unknown, neutered');
    expect(sexWords(undefined, 'no')).toBe('Not neutered');
    expect(sexWords(undefined, 'unknown')).toBeNull();
    expect(sexWords(undefined, undefined)).toBeNull();
  });

  it('agrees in Spanish', async () => {
    await applyLanguage('es');
    expect(sexWords('female', 'yes')).toBe('Hembra, esterilizada');
    expect(sexWords('male', 'no')).toBe('Macho, sin castrar');
  });
});

describe('how and when it came in', () => {
  const at = new Date(2026, 10, 26, 15, 30).getTime();

  it('names the way in and the day, either alone, or nothing', () => {
    expect(cameInWords('stray', at)).toBe('Stray on November 26, 2026');
    expect(cameInWords('surrender', undefined)).toBe('Owner surrender');
    expect(cameInWords(undefined, at)).toBe('November 26, 2026');
    expect(cameInWords(undefined, undefined)).toBeNull();
  });

  it('says "Not recorded" for an animal whose way in nobody wrote down', () => {
    expect(intakeTypeWords(undefined)).toBe('Not recorded');
    expect(intakeTypeWords('born-in-care')).toBe('Born in care');
  });

  it('speaks Spanish', async () => {
    await applyLanguage('es');
    expect(cameInWords('stray', at)).toBe('Extraviado, el 26 de noviembre de 2026');
  });
});

describe('days in words', () => {
  it('writes a stored day in words, never as YYYY-MM-DD', () => {
    expect(dayWords('2026-12-01')).toBe('December 1, 2026');
    expect(dayWords('2026-13-01')).toBeNull();
  });

  it('names an outcome', () => {
    expect(outcomeWords('returned-to-owner')).toBe('Returned to owner');
  });
});
