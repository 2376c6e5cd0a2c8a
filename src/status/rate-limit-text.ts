import type { RateLimitState } from '../../electron/contract';
import { secondsUntil } from '../format/clock';

/**
 * The rate-limit indicator's sentence. A pause the service asked for wins over
 * everything else, because then nothing at all is sent.
 */
export function describeRateLimit(state: RateLimitState | null, now: number): string {
  if (state === null) return 'Rate limit not known yet';
  if (state.pausedUntil !== null && state.pausedUntil > now) {
    return `Paused by the service, resuming in ${secondsUntil(state.pausedUntil, now)} s`;
  }
  if (state.limit !== null && state.remaining !== null) {
    const limit = state.limit;
    const windowOver = state.resetAt !== null && state.resetAt <= now;
    // Once the window has reset, the whole limit is available again.
    const remaining = windowOver ? limit : Math.min(state.remaining, limit);
    return `${remaining} of ${limit} requests left this minute`;
  }
  return 'No requests sent yet';
}

/** True when the service asked us to pause and the pause has not ended. */
export function isRateLimitPaused(state: RateLimitState | null, now: number): boolean {
  return state?.pausedUntil != null && state.pausedUntil > now;
}
