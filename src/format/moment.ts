import { t } from '../i18n';
import { formatClock, formatDay, formatShortTime, startOfLocalDay } from './clock';

/**
 * A sentence about a moment, worded for when it falls: `key` with its `{time}`
 * when it is today, else `<key>Day` with `{day}` and `{time}` (to the minute),
 * so a pause that ends tomorrow never reads as a time that seems to be today.
 * `time` words a moment of today (with seconds unless said otherwise).
 */
export function sayMoment(
  key: string,
  at: number,
  now: number,
  time: (at: number) => string = formatClock,
): string {
  if (startOfLocalDay(at) === startOfLocalDay(now)) return t(key, { time: time(at) });
  return t(`${key}Day`, { day: formatDay(at), time: formatShortTime(at) });
}
