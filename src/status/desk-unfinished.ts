/**
 * What is unfinished on this desk, across every profile: the one decision the
 * closing question (`beforeunload` in a browser, the native dialog in the
 * desktop app) and the profile switch both read. Pure, over the counts each
 * profile's outbox gave (`data/unfinished.ts`).
 */
import type { UnfinishedReport } from '../../electron/contract/closing';
import type { ProfileName } from '../../electron/contract/profiles';
import type { UnfinishedCounts } from '../data/unfinished';

/** The counts of each profile read so far; a profile not read yet (or never used) is absent. */
export type CountsByProfile = Partial<Record<ProfileName, UnfinishedCounts>>;

/** Every animal of `counts` not on the service yet. */
function unfinishedIn(counts: UnfinishedCounts | undefined): number {
  if (counts === undefined) return 0;
  return counts.waiting + counts.held + counts.correcting + counts.attention;
}

/**
 * The report of the whole desk, with the profile on screen (`active`) apart:
 * only its animals can be sent now, and only while the service answers.
 * `unstored` counts animals typed on screen that no database holds yet (held
 * back as look-alikes, not saved on a full disk, being saved): a close would
 * lose them, so they need attention.
 */
export function deskReport(
  counts: CountsByProfile,
  active: ProfileName,
  online: boolean,
  unstored = 0,
): UnfinishedReport {
  const report: UnfinishedReport = {
    waiting: 0,
    correcting: 0,
    attention: unstored,
    elsewhere: 0,
    sendable: 0,
    online,
  };
  for (const [name, of] of Object.entries(counts) as [ProfileName, UnfinishedCounts][]) {
    report.waiting += of.waiting + of.held;
    report.correcting += of.correcting;
    report.attention += of.attention;
    if (name === active) report.sendable = of.waiting + of.held;
    else report.elsewhere += unfinishedIn(of);
  }
  return report;
}

/** Whether closing asks first: anything at all is unfinished, in any profile. */
export function closingAsks(report: UnfinishedReport): boolean {
  return report.waiting + report.correcting + report.attention > 0;
}

/** What a switch away from a profile leaves there. */
export interface LeftBehind {
  /** Waiting to be sent, held ones included: sent once that profile is opened again. */
  waiting: number;
  /** Being corrected or needing attention: they wait for staff there. */
  forStaff: number;
}

/**
 * What a switch away from `left` leaves there: no engine sends a profile's
 * animals while another one is on screen.
 */
export function leftBehind(counts: CountsByProfile, left: ProfileName): LeftBehind {
  const of = counts[left];
  if (of === undefined) return { waiting: 0, forStaff: 0 };
  return { waiting: of.waiting + of.held, forStaff: of.correcting + of.attention };
}
