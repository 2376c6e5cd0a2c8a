/**
 * Days (and an intake's time) as spreadsheets write them, turned into the
 * `YYYY-MM-DD` and `YYYY-MM-DDTHH:mm` the record's rules take:
 * 2024-03-15, 15/03/2024, 15.3.2024, 3/15/24, 15 Mar 2024, 15 de marzo de 2024,
 * each with an optional time (14:30, 2:30 PM), and the serial numbers a
 * spreadsheet writes for a date cell saved as a number (45366).
 *
 * "04/05/2024" is the 4th of May or the 5th of April depending on who wrote it.
 * A column decides for all its cells: a cell whose first number is over 12
 * proves the day comes first, one whose second is proves the month does
 * ({@link findDayOrder}); a column with no such cell is read as this
 * computer writes dates. A cell that can be read one way only is read that way.
 */
import type { LocalDay } from '../data/intake-record';
import { startOfDay } from '../records/local-day';

export type DayOrder = 'day-first' | 'month-first';

/** A day read from a cell, with its time of day when the cell gave one. */
export interface CellDay {
  day: LocalDay;
  /** `HH:mm`, or null. */
  time: string | null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

const MONTHS: Record<string, number> = {};
[
  ['january', 'jan', 'enero', 'ene'],
  ['february', 'feb', 'febrero'],
  ['march', 'mar', 'marzo'],
  ['april', 'apr', 'abril', 'abr'],
  ['may', 'mayo', 'may'],
  ['june', 'jun', 'junio'],
  ['july', 'jul', 'julio'],
  ['august', 'aug', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septiembre', 'setiembre', 'set'],
  ['october', 'oct', 'octubre'],
  ['november', 'nov', 'noviembre'],
  ['december', 'dec', 'diciembre', 'dic'],
].forEach((names, index) => names.forEach((name) => (MONTHS[name] = index + 1)));

const TIME = String.raw`(?:[ t,]+(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([ap]\.?\s?m\.?)?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const NUMERIC = new RegExp(String.raw`^(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4}|\d{2})${TIME}$`);
const DAY_MONTH_NAME = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]+(?:de\s+)?([a-z]+)[\s\-/.,]+(?:de\s+)?(\d{4}|\d{2})${TIME}$`,
);
const MONTH_NAME_DAY = new RegExp(
  String.raw`^([a-z]+)[\s\-/.]+(\d{1,2})(?:st|nd|rd|th)?[\s,]+(\d{4})${TIME}$`,
);
/** A spreadsheet's date serial from 1927 to 2173, a fraction for the time of day. */
const SERIAL = /^(\d{5})(?:\.(\d+))?$/;
/** With a zone, the text is an instant (as a program writes one), read on this computer's clock. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A two-digit year: this century unless that is past next year. */
function fullYear(text: string, thisYear: number): number {
  if (text.length === 4) return Number(text);
  const year = 2000 + Number(text);
  return year > thisYear + 1 ? year - 100 : year;
}

function timeOf(hours?: string, minutes?: string, half?: string): string | null | undefined {
  if (hours === undefined || minutes === undefined) return null;
  let h = Number(hours);
  const m = Number(minutes);
  if (half !== undefined) {
    if (h < 1 || h > 12) return undefined;
    const pm = half.startsWith('p');
    h = (h % 12) + (pm ? 12 : 0);
  }
  return h > 23 || m > 59 ? undefined : `${pad(h)}:${pad(m)}`;
}

/** The day, or null when year, month and day make no calendar day. */
function dayOf(year: number, month: number, date: number): LocalDay | null {
  const day = `${year}-${pad(month)}-${pad(date)}`;
  return month >= 1 && month <= 12 && startOfDay(day) !== null ? day : null;
}

function withTime(
  day: LocalDay | null,
  hours?: string,
  minutes?: string,
  half?: string,
): CellDay | null {
  const time = timeOf(hours, minutes, half);
  return day === null || time === undefined ? null : { day, time };
}

function fromSerial(whole: string, fraction: string | undefined): CellDay {
  // Day 0 of the spreadsheet calendar, counted past its 29 February 1900 that never was.
  const date = new Date(1899, 11, 30 + Number(whole));
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  if (fraction === undefined) return { day, time: null };
  const minutes = Math.round(Number(`0.${fraction}`) * 24 * 60);
  if (minutes >= 24 * 60) return { day, time: '23:59' };
  return { day, time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
}

function fromInstant(text: string): CellDay | null {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return null;
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return { day, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

/**
 * Which order `cell` proves for its column: the day first (15/03/2024), the
 * month first (03/15/2024), either ('ambiguous': 04/05/2024), or nothing
 * (null: not written as numbers with a slash or a dot, or 05/05/2024).
 */
function orderEvidence(cell: string): DayOrder | 'ambiguous' | null {
  const match = NUMERIC.exec(cell.trim().toLowerCase());
  if (match === null) return null;
  const [first, second] = [Number(match[1]), Number(match[2])];
  if (first > 12 && second <= 12) return 'day-first';
  if (second > 12 && first <= 12) return 'month-first';
  return first === second || first > 12 ? null : 'ambiguous';
}

/**
 * `cell` as a day (and time), or null when it is not one Kennel can read.
 * `order` decides between day and month only where both readings are days.
 */
export function readDateCell(cell: string, order: DayOrder, now: number): CellDay | null {
  // Lower case and single spaces are enough: no month name Kennel reads has an accent.
  const text = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return null;
  const thisYear = new Date(now).getFullYear();
  let match = ISO.exec(text);
  if (match !== null) {
    const [, y, m, d, hh, mm, half] = match;
    return withTime(dayOf(Number(y), Number(m), Number(d)), hh, mm, half);
  }
  match = NUMERIC.exec(text);
  if (match !== null) {
    const [, a, b, y, hh, mm, half] = match;
    const year = fullYear(y ?? '', thisYear);
    const dayFirst = dayOf(year, Number(b), Number(a));
    const monthFirst = dayOf(year, Number(a), Number(b));
    const day = order === 'day-first' ? (dayFirst ?? monthFirst) : (monthFirst ?? dayFirst);
    return withTime(day, hh, mm, half);
  }
  match = DAY_MONTH_NAME.exec(text);
  if (match !== null) {
    const [, d, name, y, hh, mm, half] = match;
    const month = MONTHS[name ?? ''];
    if (month === undefined) return null;
    return withTime(dayOf(fullYear(y ?? '', thisYear), month, Number(d)), hh, mm, half);
  }
  match = MONTH_NAME_DAY.exec(text);
  if (match !== null) {
    const [, name, d, y, hh, mm, half] = match;
    const month = MONTHS[name ?? ''];
    if (month === undefined) return null;
    return withTime(dayOf(Number(y), month, Number(d)), hh, mm, half);
  }
  match = SERIAL.exec(text);
  if (match !== null && Number(match[1]) >= 10_000) return fromSerial(match[1] ?? '', match[2]);
  if (INSTANT.test(cell.trim())) return fromInstant(cell.trim());
  return null;
}

/** How a column's day order was decided, for the preview to say. */
export interface DayOrderFinding {
  order: DayOrder;
  /** True when a cell proved it; false when this computer's way decided. */
  proven: boolean;
  /** A cell that could be read either way, when there is one: what the preview shows. */
  ambiguous: string | null;
}

/**
 * The order of a column's days: what its cells prove (the more common proof
 * when they disagree), else `computerOrder`.
 */
export function findDayOrder(cells: Iterable<string>, computerOrder: DayOrder): DayOrderFinding {
  let dayFirst = 0;
  let monthFirst = 0;
  let ambiguous: string | null = null;
  for (const cell of cells) {
    const evidence = orderEvidence(cell);
    if (evidence === 'day-first') dayFirst++;
    else if (evidence === 'month-first') monthFirst++;
    else if (evidence === 'ambiguous' && ambiguous === null) ambiguous = cell.trim();
  }
  if (dayFirst === monthFirst) return { order: computerOrder, proven: false, ambiguous };
  return { order: dayFirst > monthFirst ? 'day-first' : 'month-first', proven: true, ambiguous };
}

/**
 * How this computer writes a date: the day first ("en-GB", "es") or the month
 * first ("en-US"), from its locale's own short date.
 */
export function computerDayOrder(locale?: string): DayOrder {
  const parts = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(new Date(2000, 10, 22));
  const day = parts.findIndex((part) => part.type === 'day');
  const month = parts.findIndex((part) => part.type === 'month');
  return day < month ? 'day-first' : 'month-first';
}
