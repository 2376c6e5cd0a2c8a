/**
 * The longest wait any answer can impose: a `Retry-After` further away is
 * read as this far, and a reset time further away is not believed. No real plan pauses a key for more than a
 * day, while a year-9999 date or a 400-digit number of seconds (a broken proxy,
 * a hostile service) would otherwise silence the desk for good.
 */
export const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;

/** Rate-limit facts one response carried, in server time (epoch ms). */
export interface RateLimitHeaders {
  limit: number | null;
  remaining: number | null;
  /** When the window resets, server clock, epoch ms. */
  resetAt: number | null;
}

// An HTTP-date (IMF-fixdate, RFC 850 or asctime); Date.parse understands all three.
const HTTP_DATE = /[A-Za-z]{3}/;
const NON_NEGATIVE_NUMBER = /^\d+(\.\d+)?$/;

/** Parses an HTTP-date header value to epoch ms, or null. */
export function parseHttpDate(value: string | null): number | null {
  if (value === null || !HTTP_DATE.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function parseCount(value: string | null): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!NON_NEGATIVE_NUMBER.test(trimmed)) return null;
  return Math.floor(Number(trimmed));
}

/**
 * Reads `X-RateLimit-*`. `Reset` is a Unix timestamp in seconds by the spec;
 * values that can only be milliseconds (> 1e12) or only a delta (< 1e9, i.e.
 * before 2001) are read as such, so a service that deviates is still paced.
 * `prefix` selects the family: `x-ratelimit-` (the window the spec defines) or
 * `x-ratelimit-daily-` (the daily budget, where a service reports it).
 */
export function parseRateLimitHeaders(
  headers: Headers,
  serverNow: number,
  prefix = 'x-ratelimit-',
): RateLimitHeaders {
  const limit = parseCount(headers.get(`${prefix}limit`));
  const remaining = parseCount(headers.get(`${prefix}remaining`));
  const rawReset = headers.get(`${prefix}reset`)?.trim() ?? null;
  let resetAt: number | null = null;
  if (rawReset !== null && NON_NEGATIVE_NUMBER.test(rawReset)) {
    const n = Number(rawReset);
    if (n > 1e12) resetAt = n;
    else if (n < 1e9) resetAt = serverNow + n * 1000;
    else resetAt = n * 1000;
    // Not believed at all rather than cut to a day: a cut value would move with
    // every answer's clock and make each one look like a new window.
    if (resetAt > serverNow + LONGEST_WAIT_MS) resetAt = null;
  }
  return { limit, remaining, resetAt };
}

/** A `Retry-After` value: a delay from receipt, or a moment on the server's clock. */
export type RetryAfter = { delayMs: number } | { serverAt: number };

/**
 * Reads `Retry-After` (delta-seconds or HTTP-date), or null when absent or
 * unreadable. A delay counts from when the answer arrived; a date is on the
 * server's clock and needs skew correction.
 */
export function parseRetryAfter(value: string | null): RetryAfter | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (NON_NEGATIVE_NUMBER.test(trimmed)) return { delayMs: Number(trimmed) * 1000 };
  const at = parseHttpDate(trimmed);
  return at === null ? null : { serverAt: at };
}
