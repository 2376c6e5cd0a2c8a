import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  localDayOf,
  startOfDay,
  subtractAge,
} from '../../../../src/records/local-day';

describe('the local day of an instant', () => {
  it('is the day on this computer’s calendar, padded', () => {
    expect(localDayOf(new Date(2026, 0, 5, 23, 59, 59).getTime())).toBe('2026-01-05');
    expect(localDayOf(new Date(2026, 0, 6, 0, 0).getTime())).toBe('2026-01-06');
    expect(localDayOf(new Date(2026, 10, 28, 12).getTime())).toBe('2026-11-28');
  });
});

describe('the start of a day', () => {
  it('is local midnight of a real calendar day', () => {
    expect(startOfDay('2026-02-28')).toBe(new Date(2026, 1, 28).getTime());
    expect(startOfDay('2024-02-29')).toBe(new Date(2024, 1, 29).getTime());
  });

  it('is null for a day the calendar does not have', () => {
    expect(startOfDay('2026-02-30')).toBeNull();
    expect(startOfDay('2026-02-29')).toBeNull();
    expect(startOfDay('2026-04-31')).toBeNull();
    expect(startOfDay('2026-13-01')).toBeNull();
    expect(startOfDay('2026-00-10')).toBeNull();
  });

  it('is null for text that is not a day', () => {
    expect(startOfDay('2026-2-3')).toBeNull();
    expect(startOfDay('2026-02-28T10:00')).toBeNull();
    expect(startOfDay('28/02/2026')).toBeNull();
    expect(startOfDay('')).toBeNull();
  });
});

describe('a day moved by whole days', () => {
  it('crosses the ends of months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-11-28', 0)).toBe('2026-11-28');
  });

  it('leaves a day that is not a real one as it is', () => {
    expect(addDays('2026-02-30', 3)).toBe('2026-02-30');
  });
});

describe('a day moved across a change of the clocks', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('counts calendar days, whether the day has 23 or 25 hours', () => {
    // In Madrid the clocks go forward on 29 March 2026 and back on 25 October 2026.
    process.env.TZ = 'Europe/Madrid';
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-30', -1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-10-24', 3)).toBe('2026-10-27');
    expect(addDays('2026-10-26', -1)).toBe('2026-10-25');
  });
});

describe('a birth date worked out from an estimated age', () => {
  it('goes back whole years and months', () => {
    expect(subtractAge('2026-11-28', 2, 3)).toBe('2024-08-28');
    expect(subtractAge('2026-02-15', 0, 3)).toBe('2025-11-15');
    expect(subtractAge('2026-11-28', 0, 0)).toBe('2026-11-28');
  });

  it('lands on the last day of a shorter month, not in the month after it', () => {
    expect(subtractAge('2026-03-31', 0, 1)).toBe('2026-02-28');
    expect(subtractAge('2028-02-29', 1, 0)).toBe('2027-02-28');
    expect(subtractAge('2026-07-31', 0, 1)).toBe('2026-06-30');
  });

  it('gives back the same age on every day of two years', () => {
    const wrong: string[] = [];
    for (let day = '2027-01-01'; day < '2029-01-01'; day = addDays(day, 1)) {
      for (const [years, months] of [
        [0, 1],
        [0, 11],
        [1, 0],
        [3, 6],
      ] as const) {
        const birth = subtractAge(day, years, months);
        const age = ageOn(birth, day);
        if (age?.years !== years || age.months !== months) {
          wrong.push(`${years}y ${months}m on ${day}: born ${birth}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('an age on a day', () => {
  it('counts whole years and months', () => {
    expect(ageOn('2024-08-15', '2026-11-28')).toEqual({ years: 2, months: 3 });
    expect(ageOn('2025-11-28', '2026-11-28')).toEqual({ years: 1, months: 0 });
    expect(ageOn('2026-11-28', '2026-11-28')).toEqual({ years: 0, months: 0 });
  });

  it('counts a month only once its day of the month has come', () => {
    expect(ageOn('2024-08-29', '2026-11-28')).toEqual({ years: 2, months: 2 });
    expect(ageOn('2026-01-31', '2026-02-28')).toEqual({ years: 0, months: 0 });
    expect(ageOn('2026-01-31', '2026-03-01')).toEqual({ years: 0, months: 1 });
    expect(ageOn('2025-12-01', '2026-11-30')).toEqual({ years: 0, months: 11 });
  });

  it('is null for a birth after the day, or text that is not a day', () => {
    expect(ageOn('2026-11-29', '2026-11-28')).toBeNull();
    expect(ageOn('2026-11-28', '2026-11-2')).toBeNull();
    expect(ageOn('born in May', '2026-11-28')).toBeNull();
  });
});
