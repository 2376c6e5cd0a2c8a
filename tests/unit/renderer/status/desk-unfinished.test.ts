import { describe, expect, it } from 'vitest';
import {
  closingAsks,
  deskReport,
  leftBehind,
  type CountsByProfile,
} from '../../../../src/status/desk-unfinished';

const none = { waiting: 0, held: 0, correcting: 0, attention: 0 };

describe('what is unfinished on this desk', () => {
  it('asks nothing when no profile holds anything, or none was read yet', () => {
    expect(closingAsks(deskReport({}, 'local', true))).toBe(false);
    expect(closingAsks(deskReport({ local: none, staging: none }, 'local', true))).toBe(false);
  });

  it('asks for anything in any profile: waiting, held, corrected or needing attention', () => {
    for (const one of ['waiting', 'held', 'correcting', 'attention'] as const) {
      expect(closingAsks(deskReport({ staging: { ...none, [one]: 1 } }, 'local', false))).toBe(
        true,
      );
    }
  });

  it('asks for animals typed on screen that no database holds yet, as needing attention', () => {
    const report = deskReport({ local: none }, 'local', true, 2);
    expect(closingAsks(report)).toBe(true);
    expect(report).toMatchObject({ attention: 2, sendable: 0 });
  });

  it('adds up every profile, and only the one on screen can be sent now', () => {
    const counts: CountsByProfile = {
      local: { waiting: 1, held: 2, correcting: 1, attention: 0 },
      staging: { waiting: 4, held: 0, correcting: 0, attention: 2 },
    };
    expect(deskReport(counts, 'local', true)).toEqual({
      waiting: 7,
      correcting: 1,
      attention: 2,
      elsewhere: 6,
      sendable: 3,
      online: true,
    });
    expect(deskReport(counts, 'staging', false)).toMatchObject({ elsewhere: 4, sendable: 4 });
  });

  it('says what a switch leaves behind in the profile left', () => {
    const counts: CountsByProfile = { local: { waiting: 1, held: 1, correcting: 1, attention: 2 } };
    expect(leftBehind(counts, 'local')).toEqual({ waiting: 2, forStaff: 3 });
    expect(leftBehind(counts, 'staging')).toEqual({ waiting: 0, forStaff: 0 });
  });
});
