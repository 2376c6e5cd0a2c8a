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
 */
export function parseRateLimitHeaders(headers: Headers, serverNow: number): RateLimitHeaders {
  const limit = parseCount(headers.get('x-ratelimit-limit'));
  const remaining = parseCount(headers.get('x-ratelimit-remaining'));
  const rawReset = headers.get('x-ratelimit-reset')?.trim() ?? null;
  let resetAt: number | null = null;
  if (rawReset !== null && NON_NEGATIVE_NUMBER.test(rawReset)) {
    const n = Number(rawReset);
    if (n > 1e12) resetAt = n;
    else if (n < 1e9) resetAt = serverNow + n * 1000;
    else resetAt = n * 1000;
  }
  return { limit, remaining, resetAt };
}

/**
 * Reads `Retry-After` (delta-seconds or HTTP-date) as a server-clock epoch ms,
 * or null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, serverNow: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (NON_NEGATIVE_NUMBER.test(trimmed)) return serverNow + Number(trimmed) * 1000;
  return parseHttpDate(trimmed);
}
