/**
 * Calendar days on this computer's calendar (`YYYY-MM-DD`). A birthday or the
 * end of a stray hold is a day, not an instant: stored as the day staff
 * chose, it stays that day whatever time zone the computer moves to.
 */
import type { LocalDay } from '../data/intake-record';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local day of `epochMs`. */
export function localDayOf(epochMs: number): LocalDay {
  const d = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight at the start of `day`, or null when `day` is not a real calendar day. */
export function startOfDay(day: string): number | null {
  const match = DAY.exec(day);
  if (match === null) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(year, month - 1, date);
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== date) {
    return null;
  }
  return at.getTime();
}

/** `day` moved by `days` whole calendar days (a day may be 23 or 25 hours long). */
export function addDays(day: LocalDay, days: number): LocalDay {
  const start = startOfDay(day);
  if (start === null) return day;
  const d = new Date(start);
  d.setDate(d.getDate() + days);
  return localDayOf(d.getTime());
}

/**
 * `day` moved back by whole years and months, for a birth date worked out from
 * an estimated age. A day of the month the earlier month lacks becomes its
 * last day (a month before 31 March is 28 February), so `ageOn` gives the
 * estimate back: rolled over into the next month, it would read a month short.
 */
export function subtractAge(day: LocalDay, years: number, months: number): LocalDay {
  const start = startOfDay(day) ?? 0;
  const d = new Date(start);
  const date = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() - (years * 12 + months));
  const lastDate = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(date, lastDate));
  return localDayOf(d.getTime());
}

/** Whole years and months from `birth` to `today`; null when `birth` is after it. */
export function ageOn(birth: LocalDay, today: LocalDay): { years: number; months: number } | null {
  const from = DAY.exec(birth);
  const to = DAY.exec(today);
  if (from === null || to === null || birth > today) return null;
  let months = (Number(to[1]) - Number(from[1])) * 12 + (Number(to[2]) - Number(from[2]));
  if (Number(to[3]) < Number(from[3])) months -= 1;
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** The text an intake time is edited as, to the minute. */
export function intakeTimeText(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${localDayOf(epochMs)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
