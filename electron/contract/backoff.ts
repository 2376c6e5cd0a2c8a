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
