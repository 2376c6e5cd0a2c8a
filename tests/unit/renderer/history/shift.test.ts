import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { answerShift, noteUse, shiftState, validInitials } from '../../../../src/history/shift';

// The specification: eight idle hours start a new shift.
const SHIFT_GAP_MS = 8 * 60 * 60 * 1000;

/** A time on a local day of June 2024: the day's edges are this computer's, not UTC's. */
const at = (day: number, hour: number, minute = 0): number =>
  new Date(2024, 5, day, hour, minute).getTime();

/**
 * Whether a use at `now` starts a new shift on a desk last used at `lastUsed`
 * (null: never), whose staff answered the question then: it is asked again.
 */
function shiftStarts(lastUsed: number | null, now: number, opening: boolean): boolean {
  const storage = memoryStorage();
  if (lastUsed !== null) {
    noteUse(storage, lastUsed, true);
    answerShift(storage, 'MJ');
  }
  const state = noteUse(storage, now, opening);
  expect(state.initials === '').toBe(state.ask);
  return state.ask;
}

describe('when a shift starts', () => {
  it('starts one the first time Kennel is used on this computer', () => {
    expect(shiftStarts(null, at(3, 9), true)).toBe(true);
    expect(shiftStarts(null, at(3, 9), false)).toBe(true);
  });

  it('starts one after eight hours without use, opened or not', () => {
    expect(shiftStarts(at(3, 9), at(3, 9) + SHIFT_GAP_MS, false)).toBe(true);
    expect(shiftStarts(at(3, 9), at(3, 9) + SHIFT_GAP_MS - 1, false)).toBe(false);
    expect(shiftStarts(at(3, 9), at(3, 9) + SHIFT_GAP_MS - 1, true)).toBe(false);
  });

  it('starts one when Kennel is opened on another calendar day, however soon', () => {
    expect(shiftStarts(at(3, 23, 50), at(4, 0, 10), true)).toBe(true);
  });

  it('does not interrupt a shift working past midnight', () => {
    expect(shiftStarts(at(3, 23, 50), at(4, 0, 10), false)).toBe(false);
  });

  it('keeps the shift when Kennel is opened again the same day', () => {
    expect(shiftStarts(at(3, 9), at(3, 14), true)).toBe(false);
  });
});

describe('validInitials', () => {
  it('takes spaces out and writes capitals', () => {
    expect(validInitials(' m j ')).toBe('MJ');
    expect(validInitials('ñv')).toBe('ÑV');
    expect(validInitials('m-j.g')).toBe('M-J.G');
  });

  it('takes nothing as no initials', () => {
    expect(validInitials('   ')).toBe('');
  });

  it('refuses more than five characters or anything but letters, digits, dots and dashes', () => {
    expect(validInitials('abcdef')).toBeNull();
    expect(validInitials('a,b')).toBeNull();
    expect(validInitials('=1')).toBeNull();
  });
});

describe('the initials question', () => {
  it('is asked once per shift, and a new shift drops the last one’s initials', () => {
    const storage = memoryStorage();

    expect(noteUse(storage, at(3, 9), true)).toEqual({ initials: '', ask: true });
    answerShift(storage, 'MJ');
    expect(shiftState(storage)).toEqual({ initials: 'MJ', ask: false });
    // Used again, opened again, the same shift.
    expect(noteUse(storage, at(3, 12), false)).toEqual({ initials: 'MJ', ask: false });
    expect(noteUse(storage, at(3, 15), true)).toEqual({ initials: 'MJ', ask: false });

    // The next morning.
    expect(noteUse(storage, at(4, 8), true)).toEqual({ initials: '', ask: true });
  });

  it('put away, is not asked again that shift, and keeps no initials', () => {
    const storage = memoryStorage();
    noteUse(storage, at(3, 9), true);

    answerShift(storage, null);

    expect(noteUse(storage, at(3, 10), true)).toEqual({ initials: '', ask: false });
    expect(noteUse(storage, at(3, 10) + SHIFT_GAP_MS, false)).toEqual({ initials: '', ask: true });
  });

  it('is not asked where the page keeps nothing', () => {
    expect(noteUse(null, at(3, 9), true)).toEqual({ initials: '', ask: false });
  });
});
