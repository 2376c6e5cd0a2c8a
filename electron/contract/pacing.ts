/**
 * When a request of a key may go: the lanes that order the key's queue, how
 * many may be on the wire, and the governor's view of the key that every
 * answer carries back to the window.
 */
import type { ProfileName } from './profiles';

/**
 * Who is waiting for a request, and so its place in the key's queue: sending
 * queued intake first, then what a person is waiting for (a lookup, a manual
 * refresh), then background work, which also never takes the last half of a
 * window nor more than its share of the day.
 */
export const REQUEST_LANES = ['intake', 'user', 'background'] as const;
export type RequestLane = (typeof REQUEST_LANES)[number];

/** Options of a read; the lane defaults to `user`. */
export interface ReadOptions {
  lane?: RequestLane;
}

/**
 * The most of what is left of today's request budget background work may
 * spend; the rest stays for intake and for what people ask for.
 */
export const BACKGROUND_DAILY_SHARE = 0.25;

/**
 * The most requests of one key on the wire at once. A request already on its
 * way when an unforeseen 429 comes arrives inside its `Retry-After`, and the
 * specification warns that requests sent after a 429 may get the key banned:
 * with three out, at most two arrive after one. The sync engine keeps as many
 * creates out, and the governor never sends more.
 */
export const MOST_ON_THE_WIRE = 3;

/** The rate-limit governor's view of one key, for the UI. Times are epoch milliseconds (local clock). */
export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
  resetAt: number | null;
  /** Set while the service asked us to wait (429); nothing is sent before it. */
  pausedUntil: number | null;
  /**
   * The pause is long enough that the user may end it (`endPause`) and try
   * again at once; false for a ban and once it was ended since the last answer.
   */
  pauseEndable: boolean;
  /**
   * Other clients spent from this key's current or previous window (other
   * desks on the same key): the figures above are out of date when read.
   */
  shared: boolean;
  dailyLimit: number | null;
  dailyRemaining: number | null;
  /** When the day's budget starts again (local clock); null while unknown. */
  dailyResetAt: number | null;
  /**
   * Where the daily figure comes from: the service's own daily headers, the
   * plan inferred from `X-RateLimit-Limit` and the spec's plan table, or the
   * profile's setting; null while there is none.
   */
  dailySource: 'service' | 'plan' | 'setting' | null;
  /**
   * Background requests the governor still allows today (its share of the
   * day, those in flight counted); null without a daily figure. What periodic
   * refreshes are spaced by.
   */
  backgroundRemaining: number | null;
}

/** The view of a key nothing has been learned about yet: no answer came with its headers. */
export const UNKNOWN_RATE_LIMIT: RateLimitState = {
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
  backgroundRemaining: null,
};

/**
 * The governor's view of a profile's key as it stood when an answer left the
 * Node side. Every answer to a call about a profile's service carries it, so
 * the window learns each change with the answer that made it, without asking.
 */
export interface RateLimitUpdate {
  profile: ProfileName;
  state: RateLimitState;
}
