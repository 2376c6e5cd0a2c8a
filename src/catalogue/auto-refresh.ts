/**
 * When the next background refresh may run. Every few minutes at most, and no
 * more often than the governor's background budget (carried by every answer,
 * `RateLimitState.backgroundRemaining`) pays for before the day starts over:
 * on the Free plan (1,000 requests a day) a four-list refresh every five
 * minutes would spend more than the whole day. The share itself is the
 * governor's to keep; this only spaces the refreshes by what it says is left.
 */
import type { RateLimitState } from '../../electron/contract/pacing';

/** The shortest wait between two background refreshes. */
const AUTO_REFRESH_MS = 5 * 60_000;

/**
 * How long after a refresh with `requests` requests the next background one may
 * start; never before `refusedUntil`, the `retryAt` of a refresh the governor
 * refused.
 */
export function autoRefreshDelay(
  state: RateLimitState | null,
  requests: number,
  now: number,
  refusedUntil: number | null = null,
): number {
  const delay = Math.max(AUTO_REFRESH_MS, (refusedUntil ?? now) - now);
  const left = state?.backgroundRemaining;
  // A view from before the budget rode on answers has none: never a NaN timer.
  if (state === null || !Number.isFinite(left) || state.dailyResetAt === null) return delay;
  const untilReset = Math.max(0, state.dailyResetAt - now);
  const affordable = Math.floor((left ?? 0) / Math.max(1, requests));
  if (affordable < 1) return Math.max(delay, untilReset);
  return Math.max(delay, Math.ceil(untilReset / affordable));
}

/**
 * Whether this window may run a background refresh now: one window per
 * profile does (the one that sends the queue), only while the service answers
 * and only with a key, so a refresh never competes with a probe for the way back.
 */
export function mayRefreshInBackground(
  status: { isLeader: boolean; connection: string },
  hasKey: boolean,
): boolean {
  return status.isLeader && status.connection === 'online' && hasKey;
}

/**
 * Whether a refresh may follow the queue now that everything waiting to be
 * sent has gone: the service's own animals (other desks', or added while this
 * one was away) come next, at once rather than at the next scheduled refresh.
 * It is background work like any automatic refresh: the window that sends,
 * online, with a key, in the background lane (so within its share of the
 * budget), and never while the user paused automatic refresh.
 */
export function mayRefreshAfterQueue(
  paused: boolean,
  status: { isLeader: boolean; connection: string },
  hasKey: boolean,
): boolean {
  return !paused && mayRefreshInBackground(status, hasKey);
}

/**
 * Whether a background refresh may be scheduled at all: the profile is known
 * and has an address and a key. Without them nothing could be fetched, and a
 * "Next refresh at …" would promise what never comes.
 */
export function mayScheduleRefresh(info: { baseUrl: string; hasKey: boolean } | null): boolean {
  return info !== null && info.baseUrl !== '' && info.hasKey;
}

const PAUSED_KEY = 'kennel.autoRefreshPaused';

/** Whether the user paused automatic refresh (remembered on this computer). */
export function readAutoRefreshPaused(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(PAUSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeAutoRefreshPaused(
  storage: Pick<Storage, 'setItem'> | null,
  paused: boolean,
): void {
  try {
    storage?.setItem(PAUSED_KEY, String(paused));
  } catch {
    // The choice holds for this session.
  }
}
