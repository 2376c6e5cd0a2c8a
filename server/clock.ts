/**
 * The service's clock. Every time the service reasons about (rate-limit
 * windows, strikes and bans, idempotency retention, `Retry-After`,
 * `X-RateLimit-Reset` and `Date`) is read from one clock, so tests can supply
 * their own and move time on without waiting for it.
 */

/** A clock: the current time in epoch milliseconds. */
export type Clock = () => number;

/**
 * Checks a caller-supplied clock once and wraps it so a clock that later
 * returns something other than a finite number fails the request with a clear
 * error instead of corrupting windows and records with `NaN`.
 */
export function createClock(source: Clock | undefined): Clock {
  if (source === undefined) return Date.now;
  if (typeof source !== 'function') {
    throw new TypeError('now must be a function returning the time in epoch milliseconds.');
  }
  const read: Clock = () => {
    const value: unknown = source();
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new TypeError(
        `now() must return a finite number of epoch milliseconds, not ${String(value)}.`,
      );
    }
    return value;
  };
  read();
  return read;
}
