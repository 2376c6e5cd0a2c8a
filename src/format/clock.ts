/**
 * Times, days and numbers in the user's own words, through `Intl`: never an
 * ISO stamp. The region comes from the system's preferred languages when one
 * matches the app's language ("en-GB" keeps a 24-hour clock), else the
 * language alone.
 */
import { currentLanguage } from '../i18n';
import { systemLanguages } from '../i18n/language';

// Building an `Intl` formatter costs far more than using one, and the list
// formats a day on every row it draws: one formatter per locale and style is
// kept. `toLocale…String` would build a new one on every call.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormatter(style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${style}|${locale}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function numberFormatter(): Intl.NumberFormat {
  const locale = formatLocale();
  const key = `number|${locale}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Builds the formatters the list and its toolbar use. The first `Intl`
 * formatter a page builds loads its locale's data, tens of milliseconds:
 * done once the first rows are drawn, it is not paid by the first count or
 * the first filter switch.
 */
export function warmFormatters(): void {
  formatNumber(0);
  formatClock(0);
  formatDay(0);
}

/** The BCP 47 tag the formatters use now. */
export function formatLocale(): string {
  const language = currentLanguage();
  const regional = systemLanguages().find((tag) => tag.toLowerCase().split('-')[0] === language);
  return regional ?? language;
}

/** A time of day with seconds, e.g. "14:05:07" or "2:05:07 PM". */
export function formatClock(epochMs: number): string {
  return dateFormatter('clock', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(epochMs);
}

/** A time of day to the minute, e.g. "14:05" or "2:05 PM". */
export function formatShortTime(epochMs: number): string {
  return dateFormatter('shortTime', { hour: 'numeric', minute: '2-digit' }).format(epochMs);
}

/** Whole seconds from `now` until `until`, rounded up and never negative. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A calendar day, e.g. "23 November 2026" or "23 de noviembre de 2026". */
export function formatDay(epochMs: number): string {
  return dateFormatter('day', { day: 'numeric', month: 'long', year: 'numeric' }).format(epochMs);
}

/**
 * A day in few words, e.g. "28 Nov", with its year only when it is not this
 * year's ("28 Nov 2025"): for a list row, where room is short.
 */
export function formatShortDay(epochMs: number, now: number = Date.now()): string {
  const sameYear = new Date(epochMs).getFullYear() === new Date(now).getFullYear();
  return sameYear
    ? dateFormatter('shortDay', { day: 'numeric', month: 'short' }).format(epochMs)
    : dateFormatter('shortDayYear', { day: 'numeric', month: 'short', year: 'numeric' }).format(
        epochMs,
      );
}

/** A day and time, e.g. "23 Nov 2026, 14:05". */
export function formatDateTime(epochMs: number): string {
  return dateFormatter('dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}

/** A count with the locale's grouping, e.g. "1,000" or "1.000". */
export function formatNumber(n: number): string {
  return numberFormatter().format(n);
}

/** Midnight that starts the local day of `now` (epoch ms), on this computer's clock. */
export function startOfLocalDay(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** Midnight that starts the local day after the one of `now`; a day may be 23 or 25 hours long. */
export function startOfNextLocalDay(now: number): number {
  const day = new Date(now);
  day.setHours(24, 0, 0, 0);
  return day.getTime();
}
