import type { RateLimitState } from '../../../../electron/contract';

/** The governor's view of a key nothing has been learned about yet, with `patch` applied. */
export function rateLimitState(patch: Partial<RateLimitState> = {}): RateLimitState {
  return {
    limit: null,
    remaining: null,
    resetAt: null,
    pausedUntil: null,
    pauseEndable: false,
    shared: false,
    dailyLimit: null,
    dailyRemaining: null,
    dailyResetAt: null,
    dailySource: null,
    ...patch,
  };
}
