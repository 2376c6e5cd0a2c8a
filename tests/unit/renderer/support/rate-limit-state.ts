import { UNKNOWN_RATE_LIMIT, type RateLimitState } from '../../../../electron/contract/pacing';

/** The governor's view of a key nothing has been learned about yet, with `patch` applied. */
export function rateLimitState(patch: Partial<RateLimitState> = {}): RateLimitState {
  return { ...UNKNOWN_RATE_LIMIT, ...patch };
}
