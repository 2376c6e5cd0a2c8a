/** Bounds of a capped exponential backoff. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/**
 * "Full jitter" backoff: a uniform delay in [0, min(cap, base * 2^attempt)).
 * Spreading retries over the whole interval keeps many clients (or many
 * queued requests) from retrying in lockstep.
 *
 * @param attempt - 0 for the first retry
 */
export function fullJitterDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
