/**
 * The names of the automatic copies: one a day, `kennel-desk-YYYY-MM-DD.kennel`,
 * dated by the computer's own calendar so that "today's copy" is the one staff
 * would call today's.
 */

/** The copies' folder, inside the app's data folder. */
export const COPIES_FOLDER = 'desk-copies';

const COPY_NAME = /^kennel-desk-(\d{4})-(\d{2})-(\d{2})\.kennel$/;

/** The local calendar day of `at` (epoch ms), as `YYYY-MM-DD`. */
export function localDay(at: number): string {
  const date = new Date(at);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

/** The name of the copy kept on `day` (`YYYY-MM-DD`). */
export function copyName(day: string): string {
  return `kennel-desk-${day}.kennel`;
}

/**
 * The day a copy's name carries, or null when the name is not exactly one a
 * copy is given: anything with a folder in it, another extension or a day
 * that is not on the calendar is no copy.
 */
export function dayOfCopy(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const match = COPY_NAME.exec(name);
  if (match === null) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? name.slice('kennel-desk-'.length, -'.kennel'.length) : null;
}
