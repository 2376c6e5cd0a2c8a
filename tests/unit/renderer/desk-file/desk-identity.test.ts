import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import {
  deskIdentity,
  deskName,
  markSaved,
  reminderDue,
  reminderSeen,
  saveDeskName,
  validDeskName,
} from '../../../../src/desk-file/desk-identity';

// The specification: a reminder after seven days without a saved desk file.
const REMIND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

const HOUR = 60 * 60 * 1000;
/** Nine in the morning of a local day: the day's edges are this computer's, not UTC's. */
const morning = (day: number): number => new Date(2024, 5, day, 9, 0).getTime();
const DAYS_7 = REMIND_AFTER_MS;

describe('deskIdentity', () => {
  it('makes an id once and gives the same one ever after', () => {
    const storage = memoryStorage();

    const first = deskIdentity(storage, 'RECEPTION-PC');
    const again = deskIdentity(storage, 'RECEPTION-PC');

    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.id).toBe(first.id);
    expect(deskIdentity(memoryStorage(), 'RECEPTION-PC').id).not.toBe(first.id);
  });

  it("is labelled with the computer's name, trimmed", () => {
    expect(deskIdentity(memoryStorage(), '  RECEPTION-PC \n').label).toBe('RECEPTION-PC');
  });

  it('has no label, and no words frozen in one language, when the computer has no name', () => {
    expect(deskIdentity(memoryStorage(), '').label).toBe('');
    expect(deskIdentity(memoryStorage(), '   ').label).toBe('');
  });
});

describe("the desk's name", () => {
  it('is trimmed, its spaces tidied, and from 1 to 60 characters', () => {
    expect(validDeskName('  Front   desk\t2 ')).toBe('Front desk 2');
    expect(validDeskName('é'.repeat(60))).toBe('é'.repeat(60));
    expect(validDeskName('x'.repeat(61))).toBeNull();
    expect(validDeskName('   ')).toBeNull();
    expect(validDeskName('Front\u0007desk')).toBeNull();
  });

  it("is the computer's name until staff give one, then theirs, for History and desk files alike", () => {
    const storage = memoryStorage();
    expect(deskName(storage, 'RECEPTION-PC')).toBe('RECEPTION-PC');

    saveDeskName(storage, 'Front desk');

    expect(deskName(storage, 'RECEPTION-PC')).toBe('Front desk');
    expect(deskIdentity(storage, 'RECEPTION-PC').label).toBe('Front desk');
    expect(deskIdentity(storage, '').label).toBe('Front desk');
  });

  it('keeps a long computer name to the 60 characters a name takes', () => {
    expect(deskName(memoryStorage(), 'x'.repeat(70))).toBe('x'.repeat(60));
  });

  it('is not taken from a stored value no valid name could be', () => {
    const storage = memoryStorage();
    saveDeskName(storage, '   ');
    expect(deskName(storage, 'RECEPTION-PC')).toBe('RECEPTION-PC');
  });
});

describe('reminderDue', () => {
  it('never reminds a desk without records', () => {
    const storage = memoryStorage();

    expect(reminderDue(storage, morning(1), false)).toBe(false);
    expect(reminderDue(storage, morning(1) + 30 * DAYS_7, false)).toBe(false);
  });

  it('counts a desk never saved from when it was first seen with records', () => {
    const storage = memoryStorage();
    // Days without records do not count.
    expect(reminderDue(storage, morning(1), false)).toBe(false);
    const firstSight = morning(10);

    expect(reminderDue(storage, firstSight, true)).toBe(false);
    expect(reminderDue(storage, firstSight + DAYS_7 - 1, true)).toBe(false);
    expect(reminderDue(storage, firstSight + DAYS_7, true)).toBe(true);
  });

  it('counts from the last save once the desk was saved', () => {
    const storage = memoryStorage();
    expect(reminderDue(storage, morning(1), true)).toBe(false);
    const saved = morning(5);
    markSaved(storage, saved);

    expect(reminderDue(storage, morning(1) + DAYS_7, true)).toBe(false);
    expect(reminderDue(storage, saved + DAYS_7 - 1, true)).toBe(false);
    expect(reminderDue(storage, saved + DAYS_7, true)).toBe(true);
  });

  it('says so once a local day once it was seen', () => {
    const storage = memoryStorage();
    markSaved(storage, morning(1));
    const due = morning(1) + DAYS_7;
    expect(reminderDue(storage, due, true)).toBe(true);

    reminderSeen(storage, due);

    expect(reminderDue(storage, due + HOUR, true)).toBe(false);
    const lateThatDay = new Date(2024, 5, 8, 23, 59).getTime();
    expect(reminderDue(storage, lateThatDay, true)).toBe(false);
    const nextMorning = new Date(2024, 5, 9, 0, 1).getTime();
    expect(reminderDue(storage, nextMorning, true)).toBe(true);
  });

  it('stops reminding once the desk is saved again', () => {
    const storage = memoryStorage();
    markSaved(storage, morning(1));
    const due = morning(1) + DAYS_7;
    expect(reminderDue(storage, due, true)).toBe(true);

    markSaved(storage, due);

    expect(reminderDue(storage, due + HOUR, true)).toBe(false);
    expect(reminderDue(storage, due + DAYS_7, true)).toBe(true);
  });

  it('neither reminds nor fails where the page has no storage', () => {
    expect(reminderDue(null, morning(1), true)).toBe(false);
    expect(() => {
      reminderSeen(null, morning(1));
      markSaved(null, morning(1));
    }).not.toThrow();
  });
});
