/**
 * Who is at the desk: the initials staff give when their shift starts. A
 * shift starts when Kennel is opened on another calendar day than it was
 * last used, or is used at all after {@link SHIFT_GAP_MS} without being
 * used: a desk left overnight, or over a long break, asks again; a night
 * shift working past midnight is not asked in the middle of it. Initials
 * from the shift before are dropped then, so no one else's are put on the
 * new shift's rows.
 */
import type { PageStorage } from '../browser/page-storage';

/** How long without use ends a shift. */
const SHIFT_GAP_MS = 8 * 60 * 60 * 1000;

/** The most characters initials take: "MJ", "ALR", "M-JG". */
export const INITIALS_MAX = 5;

const INITIALS_KEY = 'kennel.deskInitials';
const LAST_USED_KEY = 'kennel.deskLastUsed';
/** The shift the question was answered or put away in (its start, epoch ms). */
const ASKED_KEY = 'kennel.deskInitialsAsked';
const SHIFT_KEY = 'kennel.deskShiftStart';

function localDay(at: number): string {
  const day = new Date(at);
  return `${day.getFullYear()}-${day.getMonth() + 1}-${day.getDate()}`;
}

/**
 * Whether a use of Kennel at `now` starts a new shift, given when it was last
 * used (null: never on this computer). `opening`: this use is Kennel being
 * opened (the page loaded), when a new calendar day counts too.
 */
function shiftStarts(lastUsed: number | null, now: number, opening: boolean): boolean {
  if (lastUsed === null || !Number.isFinite(lastUsed)) return true;
  if (now - lastUsed >= SHIFT_GAP_MS) return true;
  return opening && localDay(lastUsed) !== localDay(now);
}

/**
 * `typed` as initials, spaces taken out and in capitals; '' when nothing was
 * typed; null when it is too long or holds anything but letters, digits,
 * dots and dashes.
 */
export function validInitials(typed: string): string | null {
  const initials = typed.replace(/\s+/g, '').toLocaleUpperCase();
  if (initials === '') return '';
  if ([...initials].length > INITIALS_MAX || !/^[\p{L}\p{N}.-]+$/u.test(initials)) return null;
  return initials;
}

/** What the page's storage says of the shift now. */
export interface ShiftState {
  initials: string;
  /** The initials question is due: the shift started and it was neither answered nor put away. */
  ask: boolean;
}

function readNumber(storage: PageStorage, key: string): number | null {
  const stored = storage?.getItem(key) ?? null;
  const value = stored === null ? NaN : Number(stored);
  return Number.isFinite(value) ? value : null;
}

/**
 * Notes a use of Kennel at `now` (see {@link shiftStarts}) and says who is at
 * the desk and whether to ask. A new shift forgets the last one's initials.
 */
export function noteUse(storage: PageStorage, now: number, opening: boolean): ShiftState {
  if (shiftStarts(readNumber(storage, LAST_USED_KEY), now, opening)) {
    storage?.setItem(SHIFT_KEY, String(now));
    storage?.setItem(INITIALS_KEY, '');
  }
  storage?.setItem(LAST_USED_KEY, String(now));
  return shiftState(storage);
}

/** Who is at the desk and whether to ask, as stored. */
export function shiftState(storage: PageStorage): ShiftState {
  const initials = validInitials(storage?.getItem(INITIALS_KEY) ?? '') ?? '';
  const shift = readNumber(storage, SHIFT_KEY);
  return { initials, ask: shift !== null && readNumber(storage, ASKED_KEY) !== shift };
}

/**
 * Staff gave `initials` (checked with {@link validInitials}; '' for none) or
 * put the question away: not asked again this shift.
 */
export function answerShift(storage: PageStorage, initials: string | null): void {
  if (initials !== null) storage?.setItem(INITIALS_KEY, initials);
  const shift = storage?.getItem(SHIFT_KEY) ?? null;
  if (shift !== null) storage?.setItem(ASKED_KEY, shift);
}
