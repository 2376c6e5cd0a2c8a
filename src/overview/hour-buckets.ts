/**
 * Today's intake by hour, on the computer's own clock: the local day from
 * midnight to midnight, and the local hour each animal was typed in. No
 * clock is read here; every function is told what "now" is.
 */
import { startOfLocalDay, startOfNextLocalDay } from '../format/clock';

/** One hour of today: its local hour (0–23), when it starts, and how many animals were typed in it. */
export interface HourBucket {
  hour: number;
  /** When the hour starts (epoch ms), to show it as the user's clock shows times. */
  start: number;
  count: number;
}

/**
 * The animals typed at `times` (epoch ms) that fall in the local day of `now`,
 * counted by local hour: one bucket for every hour from the first one with an
 * animal (or the current hour, when none has) to the current hour, so an
 * hour with none shows as 0 rather than missing. Times from another day are
 * not counted. An hour the clock skips (the spring change) has no bucket; an
 * hour it repeats (the autumn change) is one bucket.
 */
export function hourBuckets(times: readonly number[], now: number): HourBucket[] {
  const dayStart = startOfLocalDay(now);
  const dayEnd = startOfNextLocalDay(now);
  const counts = new Map<number, number>();
  for (const time of times) {
    if (!Number.isFinite(time) || time < dayStart || time >= dayEnd) continue;
    const hour = new Date(time).getHours();
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  const current = new Date(now).getHours();
  const hours = [...counts.keys(), current];
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const buckets: HourBucket[] = [];
  for (let hour = first; hour <= last; hour += 1) {
    const start = new Date(dayStart);
    start.setHours(hour, 0, 0, 0);
    // A skipped hour lands on the next one: it is not an hour of this day.
    if (start.getHours() !== hour) continue;
    buckets.push({ hour, start: start.getTime(), count: counts.get(hour) ?? 0 });
  }
  return buckets;
}

/** How many of `buckets` animals there are in all. */
export function bucketTotal(buckets: readonly HourBucket[]): number {
  return buckets.reduce((sum, bucket) => sum + bucket.count, 0);
}
