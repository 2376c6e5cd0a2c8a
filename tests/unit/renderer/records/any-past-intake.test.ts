import { describe, expect, it } from 'vitest';
import { checkRecord, EMPTY_RECORD_TEXT } from '../../../../src/records/record-rules';

const NOW = new Date(2025, 4, 20, 12, 0).getTime();
const LONG_AGO = { ...EMPTY_RECORD_TEXT, intakeAt: '2024-01-15T09:30' };

describe('checkRecord with anyPastIntake', () => {
  it('refuses an intake older than the backdating limit without it', () => {
    expect(checkRecord(LONG_AGO, { now: NOW })).toEqual({
      ok: false,
      errors: { intakeAt: 'An intake can be set back at most 30 days.' },
    });
  });

  it('takes an intake from any day in the past with it', () => {
    expect(checkRecord(LONG_AGO, { now: NOW, anyPastIntake: true })).toEqual({
      ok: true,
      value: { intakeAt: new Date(2024, 0, 15, 9, 30).getTime() },
    });
  });

  it('still refuses an intake still to come', () => {
    const ahead = { ...EMPTY_RECORD_TEXT, intakeAt: '2025-05-21' };
    expect(checkRecord(ahead, { now: NOW, anyPastIntake: true })).toEqual({
      ok: false,
      errors: { intakeAt: 'This date is still to come.' },
    });
  });
});
