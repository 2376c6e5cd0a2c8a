/** 24-hour local wall-clock time `HH:MM:SS`, the form every time in the UI uses. */
export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Whole seconds from `now` until `until`, rounded up and never negative. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A calendar day in the user's own words, e.g. "23 November 2026" (never an ISO date). */
export function formatDay(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
