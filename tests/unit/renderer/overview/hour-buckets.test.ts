import { afterEach, describe, expect, it } from 'vitest';
import { startOfLocalDay, startOfNextLocalDay } from '../../../../src/format/clock';
import { bucketTotal, hourBuckets } from '../../../../src/overview/hour-buckets';

/** A local time on 26 November 2026 (months count from 0), as the computer's clock reads it. */
function at(hour: number, minute = 0, second = 0, day = 26): number {
  return new Date(2026, 10, day, hour, minute, second).getTime();
}

describe('today’s intake by hour', () => {
  const now = at(14, 20);

  it('counts each animal in the local hour it was typed in, from the first such hour to now', () => {
    const buckets = hourBuckets([at(9, 5), at(9, 59, 59), at(11, 0), at(14, 1), at(14, 19)], now);
    expect(buckets.map((b) => [b.hour, b.count])).toEqual([
      [9, 2],
      [10, 0],
      [11, 1],
      [12, 0],
      [13, 0],
      [14, 2],
    ]);
    expect(buckets.map((b) => b.start)).toEqual([9, 10, 11, 12, 13, 14].map((h) => at(h)));
    expect(bucketTotal(buckets)).toBe(5);
  });

  it('does not count an animal typed at 23:59 yesterday, nor one from tomorrow', () => {
    const lateYesterday = at(23, 59, 59, 25);
    const tomorrow = at(0, 0, 0, 27);
    const buckets = hourBuckets([lateYesterday, at(0, 0), tomorrow, at(14, 0)], now);
    expect(buckets[0]).toEqual({ hour: 0, start: at(0), count: 1 });
    expect(buckets.at(-1)).toEqual({ hour: 14, start: at(14), count: 1 });
    expect(bucketTotal(buckets)).toBe(2);
  });

  it('shows the current hour with none when nothing was typed today', () => {
    expect(hourBuckets([], now)).toEqual([{ hour: 14, start: at(14), count: 0 }]);
    expect(hourBuckets([at(8, 0, 0, 25)], now)).toEqual([{ hour: 14, start: at(14), count: 0 }]);
  });

  it('counts at midnight into the new day, not the old one', () => {
    const justAfterMidnight = at(0, 0, 30);
    const buckets = hourBuckets([at(23, 59, 59, 25), at(0, 0, 0)], justAfterMidnight);
    expect(buckets).toEqual([{ hour: 0, start: at(0), count: 1 }]);
  });

  it('takes the day from midnight to midnight on the local clock', () => {
    expect(startOfLocalDay(now)).toBe(at(0));
    expect(startOfNextLocalDay(now)).toBe(at(0, 0, 0, 27));
    expect(startOfNextLocalDay(startOfLocalDay(now))).toBe(at(0, 0, 0, 27));
  });

  it('ignores times that are not times', () => {
    expect(bucketTotal(hourBuckets([Number.NaN, Infinity, at(13, 0)], now))).toBe(1);
  });
});

describe('today’s intake by hour on a day the clocks change', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('has no bucket for the hour the spring change skips', () => {
    // In Madrid the clocks go from 2:00 to 3:00 on 29 March 2026.
    process.env.TZ = 'Europe/Madrid';
    const march = (hour: number, minute = 0): number =>
      new Date(2026, 2, 29, hour, minute).getTime();
    const buckets = hourBuckets([march(1, 30), march(3, 30)], march(4, 10));
    expect(buckets.map((b) => [b.hour, b.count])).toEqual([
      [1, 1],
      [3, 1],
      [4, 0],
    ]);
    // 23 hours long: the next day still starts at midnight.
    expect(startOfNextLocalDay(march(12)) - startOfLocalDay(march(12))).toBe(23 * 3_600_000);
  });
});
