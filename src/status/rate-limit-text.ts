import type { RateLimitState } from '../../electron/contract';
import { formatClock, formatNumber, secondsUntil } from '../format/clock';
import { t } from '../i18n';

/**
 * Above this a limit means "no real limit" (services send int64 max and the
 * like): a figure nobody can act on, so it is not shown.
 */
const LARGEST_SHOWN_LIMIT = 1_000_000_000;

function shownLimit(limit: number | null): limit is number {
  return limit !== null && Number.isFinite(limit) && limit <= LARGEST_SHOWN_LIMIT;
}

/**
 * The rate-limit indicator's sentence. A pause the service asked for wins over
 * everything else, because then nothing at all is sent.
 */
export function describeRateLimit(state: RateLimitState | null, now: number): string {
  if (state === null) return t('status.rateLimit.unknown');
  if (state.pausedUntil !== null && state.pausedUntil > now) {
    return t('status.rateLimit.pausedFor', {
      seconds: formatNumber(secondsUntil(state.pausedUntil, now)),
    });
  }
  if (state.limit !== null && state.remaining !== null) {
    if (!shownLimit(state.limit)) return t('status.rateLimit.noLimit');
    const limit = state.limit;
    const windowOver = state.resetAt !== null && state.resetAt <= now;
    // Once the window has reset, the whole limit is available again.
    const remaining = windowOver ? limit : Math.min(state.remaining, limit);
    return t('status.rateLimit.left', {
      remaining: formatNumber(remaining),
      limit: formatNumber(limit),
    });
  }
  return t('status.rateLimit.none');
}

/** When the per-minute count starts again, or '' when unknown or already past. */
export function describeRateLimitReset(state: RateLimitState | null, now: number): string {
  if (state?.resetAt == null || state.resetAt <= now || !shownLimit(state.limit)) return '';
  return t('status.rateLimit.resetsAt', { time: formatClock(state.resetAt) });
}

/** True when the service asked us to pause and the pause has not ended. */
export function isRateLimitPaused(state: RateLimitState | null, now: number): boolean {
  return state?.pausedUntil != null && state.pausedUntil > now;
}

/**
 * What a screen reader hears about the rate limit: only that sending paused
 * (and until when) or that it resumed; '' otherwise, so no request is announced.
 */
export function announceRateLimit(pausedUntil: number | null, wasPaused: boolean): string {
  if (pausedUntil !== null) {
    return t('status.rateLimit.announcePaused', { time: formatClock(pausedUntil) });
  }
  return wasPaused ? t('status.rateLimit.announceResumed') : '';
}

/**
 * The day's remaining budget, or '' while none is known. Without the
 * service's own daily figures it is counted from the plan the per-minute limit
 * names and from this computer's requests only, so it is marked as an estimate.
 */
export function describeDailyBudget(state: RateLimitState | null): string {
  if (state === null || state.dailyLimit === null || state.dailyRemaining === null) return '';
  if (!shownLimit(state.dailyLimit)) return '';
  const named = {
    left: formatNumber(Math.min(state.dailyRemaining, state.dailyLimit)),
    limit: formatNumber(state.dailyLimit),
  };
  return state.dailySource === 'plan'
    ? t('status.rateLimit.dailyEstimated', named)
    : t('status.rateLimit.daily', named);
}
