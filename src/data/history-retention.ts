/**
 * How long the desk's history is kept: a number of days per profile (Settings),
 * kept in the profile's `meta` table like its other settings. Older rows are
 * removed a small batch at a time through the `at` index, each batch in a
 * transaction of its own, so a desk back after months never holds the window
 * up while thousands of rows go.
 */
import type { KennelDb } from './db';

/** The history a profile starts with keeping: half a year. */
const DEFAULT_HISTORY_DAYS = 180;
/** The longest Settings offers: ten years. */
export const MAX_HISTORY_DAYS = 3650;
/** `meta` key of the profile's history length, in whole days. */
const HISTORY_DAYS_META_KEY = 'history.keepDays';
/** Rows removed per transaction. */
const PRUNE_BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

function clampDays(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_HISTORY_DAYS;
  return Math.min(MAX_HISTORY_DAYS, Math.max(1, Math.round(value)));
}

/** How many days the profile keeps its history; the default when none was chosen or the row is damaged. */
export async function readHistoryDays(db: KennelDb): Promise<number> {
  const row = await db.meta.get(HISTORY_DAYS_META_KEY);
  return row === undefined ? DEFAULT_HISTORY_DAYS : clampDays(row.value);
}

/** Stores how many days the profile keeps its history (clamped); the next pruning applies it. */
export async function saveHistoryDays(db: KennelDb, days: number): Promise<number> {
  const value = clampDays(days);
  await db.meta.put({ key: HISTORY_DAYS_META_KEY, value });
  return value;
}

/**
 * Removes the history older than the profile keeps, as of `now`, a batch at
 * a time, the page free to answer between batches. Returns how many rows went.
 */
export async function pruneHistory(db: KennelDb, now: number = Date.now()): Promise<number> {
  const before = now - (await readHistoryDays(db)) * DAY_MS;
  let removed = 0;
  for (;;) {
    const gone = await db.transaction('rw', db.history, async () => {
      const keys = await db.history.where('at').below(before).limit(PRUNE_BATCH).primaryKeys();
      await db.history.bulkDelete(keys);
      return keys.length;
    });
    removed += gone;
    if (gone < PRUNE_BATCH) return removed;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
