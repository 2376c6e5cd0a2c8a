import type { RateLimitState } from '../../electron/contract/pacing';
import { formatClock, formatNumber, formatShortTime, secondsUntil } from '../format/clock';
import { sayMoment } from '../format/moment';
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
 * When more requests come, as staff read it: "in under a minute", "in 3
 * minutes", or "at 14:05" once it is an hour or more away.
 */
function whenMore(at: number, now: number): string {
  const seconds = secondsUntil(at, now);
  if (seconds < 60) return t('status.rateLimit.when.underMinute');
  if (seconds < 3600) {
    const minutes = Math.ceil(seconds / 60);
    return t('status.rateLimit.when.minutes', { n: formatNumber(minutes) }, minutes);
  }
  return sayMoment('status.rateLimit.when.at', at, now, formatShortTime);
}

/** `left` with when more come, when that is known and still ahead. */
function withMore(left: string, at: number | null, now: number): string {
  return at === null || at <= now
    ? left
    : t('status.rateLimit.short.withMore', { left, when: whenMore(at, now) });
}

/**
 * The indicator's own words: how many requests are left and when more come
 * ("42 requests left · more in under a minute"). When the day's budget is
 * nearer its end than the minute's, the day's is the one that says when
 * sending can go on, so it is the one shown.
 */
export function describeRequestsLeft(state: RateLimitState | null, now: number): string {
  if (state === null) return t('status.rateLimit.short.unknown');
  if (state.pausedUntil !== null && state.pausedUntil > now) {
    return t('status.rateLimit.short.paused', { when: whenMore(state.pausedUntil, now) });
  }
  if (state.limit === null || state.remaining === null) return t('status.rateLimit.short.unknown');
  if (!shownLimit(state.limit)) return t('status.rateLimit.short.noLimit');
  const windowOver = state.resetAt !== null && state.resetAt <= now;
  const minute = windowOver ? state.limit : Math.min(state.remaining, state.limit);
  const { dailyLimit, dailyRemaining } = state;
  if (dailyLimit !== null && dailyRemaining !== null && shownLimit(dailyLimit)) {
    const day = Math.min(dailyRemaining, dailyLimit);
    if (day < minute) {
      const left = t('status.rateLimit.short.leftToday', { n: formatNumber(day) }, day);
      return withMore(left, state.dailyResetAt, now);
    }
  }
  const left = t('status.rateLimit.short.left', { n: formatNumber(minute) }, minute);
  // A full window has nothing more to come.
  return withMore(left, minute < state.limit ? state.resetAt : null, now);
}

/**
 * The rate-limit indicator's sentence. A pause the service asked for wins over
 * everything else, because then nothing at all is sent.
 */
export function describeRateLimit(state: RateLimitState | null, now: number): string {
  if (state === null) return t('status.rateLimit.unknown');
  if (state.pausedUntil !== null && state.pausedUntil > now) {
    // Seconds are worth counting down for a minute or two, not for hours.
    if (state.pausedUntil - now > 3 * 60_000) {
      return t('status.rateLimit.pausedLong', { when: whenMore(state.pausedUntil, now) });
    }
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
export function announceRateLimit(
  pausedUntil: number | null,
  wasPaused: boolean,
  now = Date.now(),
): string {
  if (pausedUntil !== null) {
    return sayMoment('status.rateLimit.announcePaused', pausedUntil, now);
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
