import { describe, expect, it } from 'vitest';
import type { RecordFields } from '../../../../src/data/intake-record';
import { formatNumber } from '../../../../src/format/clock';
import { t } from '../../../../src/i18n';
import {
  checkRecord,
  EMPTY_RECORD_TEXT,
  recordText,
  type RecordCheckOptions,
  type RecordProblems,
  type RecordText,
} from '../../../../src/records/record-rules';
import { intakeTimeText } from '../../../../src/records/local-day';

// Mid-July: no change of the clocks within 30 days either side in any zone that has one.
const NOW = new Date(2026, 6, 15, 10, 0, 30).getTime();
const TODAY = '2026-07-15';

function typed(fields: Partial<RecordText>): RecordText {
  return { ...EMPTY_RECORD_TEXT, ...fields };
}

/** The English message of `key` as the catalogue has it; fails when the catalogue lacks it. */
function words(key: string, named?: Record<string, string>): string {
  const text = t(`records.problems.${key}`, named);
  expect(text).not.toContain('records.problems');
  return text;
}

function accepted(fields: Partial<RecordText>, options: Partial<RecordCheckOptions> = {}) {
  const checked = checkRecord(typed(fields), { now: NOW, ...options });
  if (!checked.ok) throw new Error(`refused: ${JSON.stringify(checked.errors)}`);
  return checked.value;
}

function refused(
  fields: Partial<RecordText>,
  options: Partial<RecordCheckOptions> = {},
): RecordProblems {
  const checked = checkRecord(typed(fields), { now: NOW, ...options });
  if (checked.ok) throw new Error(`accepted: ${JSON.stringify(checked.value)}`);
  return checked.errors;
}

describe('an empty record', () => {
  it('is no record at all', () => {
    expect(accepted({})).toEqual({});
  });

  it('is still none at intake, where an empty time means now', () => {
    expect(accepted({}, { intakeNow: true })).toEqual({});
  });

  it('takes the time of intake as now once anything else is typed', () => {
    expect(accepted({ sex: 'female' }, { intakeNow: true })).toEqual({
      sex: 'female',
      intakeAt: NOW,
    });
    expect(accepted({ sex: 'female' })).toEqual({ sex: 'female' });
  });
});

describe('the microchip', () => {
  it('is stored without spaces and dashes, its letters in capitals', () => {
    expect(accepted({ chip: ' 985 141-000 123\u00a0456 ' }).chip).toBe('985141000123456');
    expect(accepted({ chip: '0a1b2-c3d4e' }).chip).toBe('0A1B2C3D4E');
    expect(accepted({ chip: '123.456.789' }).chip).toBe('123456789');
  });

  it('says which character is wrong', () => {
    expect(refused({ chip: '985 141 000 123 45G' })).toEqual({
      chip: words('chipCharacter', { character: 'G' }),
    });
    expect(refused({ chip: '98514100012345a' }).chip).toBe(
      words('chipCharacter', { character: 'A' }),
    );
    expect(refused({ chip: '985/141000123456' }).chip).toContain('“/”');
  });

  it('says how many characters a number of the wrong length has', () => {
    expect(refused({ chip: '985 141 000 123 45' })).toEqual({
      chip: words('chipLength', { length: '14' }),
    });
    expect(refused({ chip: '1234567890123456' }).chip).toBe(words('chipLength', { length: '16' }));
  });
});

describe('sex and neutering', () => {
  it('take their codes', () => {
    expect(accepted({ sex: 'male', neutered: 'yes' })).toEqual({ sex: 'male', neutered: 'yes' });
    expect(accepted({ sex: 'unknown', neutered: 'unknown' })).toEqual({
      sex: 'unknown',
      neutered: 'unknown',
    });
  });

  it('refuse anything else', () => {
    expect(refused({ sex: 'Female', neutered: 'maybe' })).toEqual({
      sex: words('choice'),
      neutered: words('choice'),
    });
  });
});

describe('the date of birth', () => {
  it('is kept as typed, up to today', () => {
    expect(accepted({ birthDate: '2024-02-29' })).toEqual({ birthDate: '2024-02-29' });
    expect(accepted({ birthDate: ` ${TODAY} ` })).toEqual({ birthDate: TODAY });
  });

  it('must be a real day, not still to come', () => {
    expect(refused({ birthDate: '2026-02-30' })).toEqual({ birthDate: words('day') });
    expect(refused({ birthDate: 'last spring' })).toEqual({ birthDate: words('day') });
    expect(refused({ birthDate: '2026-07-16' })).toEqual({ birthDate: words('future') });
  });

  it('is worked out from an estimated age and marked as estimated', () => {
    expect(accepted({ ageYears: '2', ageMonths: '3' })).toEqual({
      birthDate: '2024-04-15',
      birthEstimated: true,
    });
    expect(accepted({ ageYears: ' 1 ' })).toEqual({
      birthDate: '2025-07-15',
      birthEstimated: true,
    });
    expect(accepted({ ageMonths: '5' })).toEqual({
      birthDate: '2026-02-15',
      birthEstimated: true,
    });
    expect(accepted({ ageYears: '40', ageMonths: '11' }).birthDate).toBe('1985-08-15');
  });

  it('comes from the date when both a date and an age are typed', () => {
    expect(accepted({ birthDate: '2020-01-01', ageYears: '3' })).toEqual({
      birthDate: '2020-01-01',
    });
  });

  it('refuses an age that is not whole years up to 40 and months up to 11', () => {
    expect(refused({ ageYears: '41' })).toEqual({ ageYears: words('years') });
    expect(refused({ ageYears: '2.5' })).toEqual({ ageYears: words('years') });
    expect(refused({ ageYears: '-1' })).toEqual({ ageYears: words('years') });
    expect(refused({ ageMonths: '12' })).toEqual({ ageMonths: words('months') });
    expect(refused({ ageYears: 'two', ageMonths: 'six' })).toEqual({
      ageYears: words('years'),
      ageMonths: words('months'),
    });
  });

  it('keeps the estimate mark only while the worked-out date is not changed', () => {
    const previous: RecordFields = { birthDate: '2024-04-15', birthEstimated: true };
    expect(accepted({ birthDate: '2024-04-15' }, { previous })).toEqual(previous);
    expect(accepted({ birthDate: '2024-04-16' }, { previous })).toEqual({
      birthDate: '2024-04-16',
    });
    expect(
      accepted({ birthDate: '2024-04-15' }, { previous: { birthDate: '2024-04-15' } }),
    ).toEqual({ birthDate: '2024-04-15' });
  });
});

describe('the free-text fields', () => {
  it('are kept trimmed, and left out when blank', () => {
    expect(
      accepted({
        breed: ' Podenco ',
        colour: 'Tan, white chest',
        foundAt: '  ',
        kennel: 'Dogs B3',
      }),
    ).toEqual({ breed: 'Podenco', colour: 'Tan, white chest', kennel: 'Dogs B3' });
  });

  it('take at most 200 characters, and say how many were typed', () => {
    const long = 'x'.repeat(201);
    expect(accepted({ foundAt: 'x'.repeat(200) }).foundAt).toHaveLength(200);
    expect(refused({ breed: long, colour: long, foundAt: long, kennel: long })).toEqual(
      Object.fromEntries(
        ['breed', 'colour', 'foundAt', 'kennel'].map((field) => [
          field,
          words('tooLong', { max: formatNumber(200), length: formatNumber(201) }),
        ]),
      ),
    );
  });

  it('take notes of up to 2,000 characters', () => {
    expect(accepted({ notes: 'n'.repeat(2000) }).notes).toHaveLength(2000);
    const errors = refused({ notes: 'n'.repeat(2001) });
    expect(errors).toEqual({
      notes: words('tooLong', { max: formatNumber(2000), length: formatNumber(2001) }),
    });
    expect(errors.notes).toContain('2,000');
  });
});

describe('how and when it came in', () => {
  it('takes an intake type by its code', () => {
    expect(accepted({ intakeType: 'transfer-in' })).toEqual({ intakeType: 'transfer-in' });
    expect(refused({ intakeType: 'Transfer in' })).toEqual({ intakeType: words('choice') });
  });

  it('takes a day and a time, or a day alone as its midnight', () => {
    expect(accepted({ intakeAt: '2026-07-14T08:30' }).intakeAt).toBe(
      new Date(2026, 6, 14, 8, 30).getTime(),
    );
    expect(accepted({ intakeAt: '2026-07-14 08:30' }).intakeAt).toBe(
      new Date(2026, 6, 14, 8, 30).getTime(),
    );
    expect(accepted({ intakeAt: '2026-07-14' }).intakeAt).toBe(new Date(2026, 6, 14).getTime());
  });

  it('refuses a time that is not one', () => {
    for (const intakeAt of [
      'yesterday',
      '2026-07-14T24:00',
      '2026-07-14T08:60',
      '2026-02-30T10:00',
    ]) {
      expect(refused({ intakeAt })).toEqual({ intakeAt: words('time') });
    }
  });

  it('is never ahead of now, allowing for the minute being typed', () => {
    expect(accepted({ intakeAt: '2026-07-15T10:01' }).intakeAt).toBe(
      new Date(2026, 6, 15, 10, 1).getTime(),
    );
    expect(refused({ intakeAt: '2026-07-15T10:02' })).toEqual({ intakeAt: words('future') });
    expect(refused({ intakeAt: '2026-07-16' })).toEqual({ intakeAt: words('future') });
  });

  it('can be set back 30 days, no further', () => {
    expect(accepted({ intakeAt: '2026-06-15T10:01' }).intakeAt).toBe(
      new Date(2026, 5, 15, 10, 1).getTime(),
    );
    // To the minute, as the field is: the minute 30 days back is taken, seconds after it.
    expect(accepted({ intakeAt: '2026-06-15T10:00' }).intakeAt).toBe(
      new Date(2026, 5, 15, 10, 0).getTime(),
    );
    const tooFar = words('backdate', { days: formatNumber(30) });
    expect(refused({ intakeAt: '2026-06-15T09:59' })).toEqual({ intakeAt: tooFar });
    expect(refused({ intakeAt: '2026-06-14' })).toEqual({ intakeAt: tooFar });
  });

  it('keeps an older intake time that was not changed, to the millisecond', () => {
    const cameIn = new Date(2026, 4, 1, 9, 15, 42, 7).getTime();
    const previous: RecordFields = { intakeAt: cameIn };
    expect(accepted({ intakeAt: '2026-05-01T09:15' }, { previous }).intakeAt).toBe(cameIn);
    expect(refused({ intakeAt: '2026-05-01T09:16' }, { previous })).toEqual({
      intakeAt: words('backdate', { days: formatNumber(30) }),
    });
    expect(refused({ intakeAt: '2026-05-01T09:15' })).toHaveProperty('intakeAt');
  });

  it('takes a correction of one minute to a time stored with its seconds', () => {
    // Taken in "now" at 09:58:45; staff correct it to 09:59, 15 seconds later.
    const previous: RecordFields = { intakeAt: new Date(2026, 6, 15, 9, 58, 45).getTime() };
    expect(accepted({ intakeAt: '2026-07-15T09:59' }, { previous }).intakeAt).toBe(
      new Date(2026, 6, 15, 9, 59).getTime(),
    );
    expect(accepted({ intakeAt: '2026-07-15T09:58' }, { previous }).intakeAt).toBe(
      previous.intakeAt,
    );
  });

  it('is edited as a local day and time to the minute', () => {
    expect(intakeTimeText(new Date(2026, 0, 5, 7, 3, 59, 999).getTime())).toBe('2026-01-05T07:03');
    expect(intakeTimeText(new Date(2026, 11, 31, 23, 59).getTime())).toBe('2026-12-31T23:59');
  });
});

describe('the stray hold', () => {
  it('is set for a stray from the day it came in and the profile’s hold', () => {
    expect(accepted({ intakeType: 'stray', intakeAt: '2026-07-14T23:30' })).toMatchObject({
      holdUntil: '2026-07-17',
    });
    expect(
      accepted({ intakeType: 'stray', intakeAt: '2026-07-14T08:30' }, { strayHoldDays: 0 }),
    ).toMatchObject({ holdUntil: '2026-07-14' });
    expect(accepted({ intakeType: 'stray' }, { strayHoldDays: 20 })).toMatchObject({
      holdUntil: '2026-08-04',
    });
    expect(accepted({ intakeType: 'stray' }, { intakeNow: true })).toEqual({
      intakeType: 'stray',
      intakeAt: NOW,
      holdUntil: '2026-07-18',
    });
  });

  it('is not made up for an animal that is not a stray', () => {
    expect(accepted({ intakeType: 'surrender' }, { intakeNow: true })).toEqual({
      intakeType: 'surrender',
      intakeAt: NOW,
    });
  });

  it('keeps a day typed, from the day it came in on', () => {
    const cameIn = { intakeType: 'stray', intakeAt: '2026-07-10T12:00' };
    expect(accepted({ ...cameIn, holdUntil: '2026-07-10' }).holdUntil).toBe('2026-07-10');
    expect(accepted({ ...cameIn, holdUntil: '2026-07-31' }).holdUntil).toBe('2026-07-31');
    expect(refused({ ...cameIn, holdUntil: '2026-07-09' })).toEqual({
      holdUntil: words('holdBeforeIntake'),
    });
    expect(refused({ ...cameIn, holdUntil: '2026-06-31' })).toEqual({ holdUntil: words('day') });
  });

  it('is any real day when the record has no intake time to end after', () => {
    expect(accepted({ intakeType: 'stray', holdUntil: '2026-07-01' }).holdUntil).toBe('2026-07-01');
  });
});

describe('the outcome', () => {
  it('is dated today unless a day is given', () => {
    expect(accepted({ outcome: 'adopted' })).toEqual({ outcome: 'adopted', outcomeOn: TODAY });
    expect(accepted({ outcome: 'died', outcomeOn: '2026-07-01' })).toEqual({
      outcome: 'died',
      outcomeOn: '2026-07-01',
    });
  });

  it('needs a choice before a day', () => {
    expect(refused({ outcomeOn: '2026-07-01' })).toEqual({ outcomeOn: words('outcomeDayAlone') });
    expect(refused({ outcome: 'Adopted' })).toEqual({ outcome: words('choice') });
  });

  it('is not dated in the future or on a day that does not exist', () => {
    expect(refused({ outcome: 'adopted', outcomeOn: '2026-07-16' })).toEqual({
      outcomeOn: words('future'),
    });
    expect(refused({ outcome: 'adopted', outcomeOn: '2026-07-32' })).toEqual({
      outcomeOn: words('day'),
    });
  });
});

describe('a record checked again', () => {
  const everything = typed({
    chip: '985 141 000 123 456',
    sex: 'female',
    neutered: 'no',
    ageYears: '2',
    breed: 'Podenco',
    colour: 'Tan',
    intakeType: 'stray',
    foundAt: 'Calle Mayor',
    kennel: 'Dogs B3',
    notes: 'Shy with men.',
    outcome: 'adopted',
  });

  it('gives one message for each field that is wrong, and stores nothing', () => {
    const checked = checkRecord(
      typed({ chip: '12', sex: 'x', notes: 'n'.repeat(2001), outcomeOn: '2026-07-01' }),
      { now: NOW },
    );
    expect(checked.ok).toBe(false);
    expect(Object.keys(checked.ok ? {} : checked.errors).sort()).toEqual([
      'chip',
      'notes',
      'outcomeOn',
      'sex',
    ]);
  });

  it('shows every stored field to edit, the estimate as its worked-out date', () => {
    const stored = accepted(everything, { intakeNow: true });
    expect(recordText(stored)).toEqual({
      ...EMPTY_RECORD_TEXT,
      chip: '985141000123456',
      sex: 'female',
      neutered: 'no',
      birthDate: '2024-07-15',
      breed: 'Podenco',
      colour: 'Tan',
      intakeType: 'stray',
      intakeAt: '2026-07-15T10:00',
      foundAt: 'Calle Mayor',
      kennel: 'Dogs B3',
      holdUntil: '2026-07-18',
      notes: 'Shy with men.',
      outcome: 'adopted',
      outcomeOn: TODAY,
    });
  });

  it('comes back unchanged when nothing is changed, even long after', () => {
    const stored = accepted(everything, { intakeNow: true });
    expect(stored.birthEstimated).toBe(true);
    for (const later of [NOW, NOW + 90 * 24 * 3_600_000]) {
      const again = checkRecord(recordText(stored), { now: later, previous: stored });
      expect(again).toEqual({ ok: true, value: stored });
    }
  });
});
