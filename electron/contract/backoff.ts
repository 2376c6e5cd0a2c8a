/**
 * The one capped exponential backoff of Kennel, used by the Node side's
 * governor (retries inside one call) and by the renderer's sync engine
 * (retries and probes across calls). Pure, so both sides can share it.
 */

/** Bounds of a capped exponential backoff, in milliseconds. */
export interface BackoffPolicy {
  /** Ceiling of the first delay; it doubles with each further failure. */
  baseMs: number;
  /** The ceiling never grows past this. */
  capMs: number;
  /** Least delay, so a jitter of about 0 never turns into a tight loop. Default 0. */
  floorMs?: number;
}

/**
 * Delay before the next attempt after `failures` consecutive failures (1 = the
 * first): "full jitter", uniform over the whole range up to a ceiling that
 * doubles each time, so many clients (or many queued requests) coming back at
 * once do not arrive together.
 */
export function backoffDelay(
  failures: number,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.max(policy.floorMs ?? 0, Math.floor(jitter * ceiling));
}

/**
 * The longest delay a timer holds: Node and Chromium keep it in a signed 32-bit
 * number and fire a longer one after 1 ms, which would turn a long wait into a
 * busy loop.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * `ms` as a timer can hold it: never negative, and at most about 24 days. A
 * sleep cut to that ends early; every caller looks at the clock again when it
 * wakes, so it only sleeps again.
 */
export function timerDelay(ms: number): number {
  return Math.min(LONGEST_TIMER_MS, Math.max(0, ms));
}
