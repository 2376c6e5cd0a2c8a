/** Capped exponential backoff bounds, in milliseconds. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

/** Default bounds: about 5 seconds after the first failure, never more than 5 minutes. */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 5_000, maxMs: 300_000 };

/**
 * Delay before the next attempt after `failures` consecutive failures (1 = the
 * first): full jitter over a cap that doubles each time up to `maxMs`, so many
 * clients coming back at once do not arrive together. A small floor keeps a
 * jitter of ~0 from turning into a tight loop.
 */
export function backoffDelay(
  failures: number,
  options: BackoffOptions,
  random: () => number,
): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const cap = Math.min(options.maxMs, options.initialMs * 2 ** exponent);
  const floor = Math.min(options.initialMs, 100);
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.max(floor, Math.round(jitter * cap));
}
