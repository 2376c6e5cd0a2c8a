/**
 * The hold before sending. The service can neither change nor delete an
 * animal, so every intake waits on this computer for a moment in which it can
 * still be taken back or corrected. The hold is stored on the outbox entry as
 * a deadline (`heldUntil`), so a reload, a crash or a quit during it neither
 * loses the animal nor sends it early, and `editing` keeps an entry back for
 * as long as someone is correcting it.
 *
 * Each profile keeps its own length of hold in its database's `meta` table.
 */
import type { KennelDb, OutboxEntry } from './db';

/** The hold a profile starts with: long enough to notice a typo, short enough not to wait for. */
const DEFAULT_HOLD_SECONDS = 10;
/** The longest hold Settings offers. */
export const MAX_HOLD_SECONDS = 120;
/** `meta` key of the profile's hold, in whole seconds. */
const HOLD_META_KEY = 'intake.holdSeconds';

/** `value` as a hold a profile may have: a whole number of seconds from 0 to the maximum. */
function clampHoldSeconds(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_HOLD_SECONDS;
  return Math.min(MAX_HOLD_SECONDS, Math.max(0, Math.round(value)));
}

/** The profile's hold in seconds; the default when none was chosen or the row is damaged. */
export async function readHoldSeconds(db: KennelDb): Promise<number> {
  const row = await db.meta.get(HOLD_META_KEY);
  return row === undefined ? DEFAULT_HOLD_SECONDS : clampHoldSeconds(row.value);
}

/** Stores the profile's hold (clamped); it applies to animals taken in from now on. */
export async function saveHoldSeconds(db: KennelDb, seconds: number): Promise<number> {
  const value = clampHoldSeconds(seconds);
  await db.meta.put({ key: HOLD_META_KEY, value });
  return value;
}

/** The deadline of a hold of `seconds` starting at `now`; undefined for no hold. */
export function holdDeadline(now: number, seconds: number): number | undefined {
  return seconds > 0 ? now + seconds * 1000 : undefined;
}

/**
 * Whether `entry` is still held at `now`. A deadline further ahead than the
 * longest hold can only come from a clock that was set back since: it is not
 * trusted, or a wrong clock could keep an animal back for hours.
 */
export function isHeld(entry: Pick<OutboxEntry, 'heldUntil' | 'editing'>, now: number): boolean {
  if (entry.editing === true) return true;
  const until = entry.heldUntil;
  return until !== undefined && until > now && until - now <= MAX_HOLD_SECONDS * 1000;
}

/**
 * Whether `entry` was given a hold it has not left yet (not claimed, not sent
 * now), whatever the clock says: what the form says of it does not tick.
 */
export function inHoldSpell(entry: Pick<OutboxEntry, 'heldUntil' | 'editing'>): boolean {
  return entry.heldUntil !== undefined || entry.editing === true;
}

/** When `entry`'s hold ends by itself: null when it is not held, Infinity while it is edited. */
export function holdEndsAt(
  entry: Pick<OutboxEntry, 'heldUntil' | 'editing'>,
  now: number,
): number | null {
  if (!isHeld(entry, now)) return null;
  return entry.editing === true ? Infinity : (entry.heldUntil ?? null);
}
