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

/**
 * The day's remaining budget, or '' while none is known. Without the
 * service's own daily figures it is counted from the plan the per-minute limit
 * names and from this computer's requests only, so it is marked as an estimate.
 */
export function describeDailyBudget(state: RateLimitState | null): string {
  if (state === null || state.dailyLimit === null || state.dailyRemaining === null) return '';
  const left = Math.min(state.dailyRemaining, state.dailyLimit).toLocaleString();
  const text = `${left} of ${state.dailyLimit.toLocaleString()} requests left today`;
  return state.dailySource === 'plan' ? `${text} (estimated from the plan)` : text;
}
