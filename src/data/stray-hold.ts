/**
 * The profile's stray hold: how many days a stray is kept for its owner to
 * claim before it can be rehomed. Set per profile in Settings, kept in the
 * profile's `meta` table, and read when a stray is taken in to give its
 * record a hold date.
 */
import type { KennelDb } from './db';
import { DEFAULT_STRAY_HOLD_DAYS, MAX_STRAY_HOLD_DAYS } from './intake-record';

/** `meta` key of the profile's stray hold, in whole days. */
const STRAY_HOLD_META_KEY = 'records.strayHoldDays';

function clampDays(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_STRAY_HOLD_DAYS;
  return Math.min(MAX_STRAY_HOLD_DAYS, Math.max(0, Math.round(value)));
}

/** The profile's stray hold in days; the default when none was chosen or the row is damaged. */
export async function readStrayHoldDays(db: KennelDb): Promise<number> {
  const row = await db.meta.get(STRAY_HOLD_META_KEY);
  return row === undefined ? DEFAULT_STRAY_HOLD_DAYS : clampDays(row.value);
}

/** Stores the profile's stray hold (clamped); it applies to strays taken in from now on. */
export async function saveStrayHoldDays(db: KennelDb, days: number): Promise<number> {
  const value = clampDays(days);
  await db.meta.put({ key: STRAY_HOLD_META_KEY, value });
  return value;
}
