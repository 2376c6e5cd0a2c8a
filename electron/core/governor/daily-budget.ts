import {
  BACKGROUND_DAILY_SHARE,
  type RateLimitState,
  type RequestLane,
} from '../../contract/pacing';
import type { RateLimitHeaders } from '../http/headers';
import { dailyLimitForPlan } from './plans';

/** Where the day's figure comes from; see {@link RateLimitState.dailySource}. */
export type DailySource = RateLimitState['dailySource'];

/**
 * How many more background requests the day allows: background may send while
 * `backgroundSpent < BACKGROUND_DAILY_SHARE * (dailyRemaining + backgroundSpent)`.
 * Null when there is no daily figure, and so no share to keep to.
 */
function backgroundRequestsLeftToday(
  dailyRemaining: number | null,
  backgroundSpent: number,
): number | null {
  if (dailyRemaining === null) return null;
  const remaining = Math.max(0, dailyRemaining);
  const spent = Math.max(0, backgroundSpent);
  // Each background send moves one request from `remaining` to `spent`, so the
  // pool the share is taken of stays put while background alone spends.
  const share = Math.ceil(BACKGROUND_DAILY_SHARE * (remaining + spent)) - spent;
  return Math.max(0, Math.min(remaining, share));
}

/**
 * The key's budget for the day: the service's `X-RateLimit-Daily-*` where it
 * sends them, else the profile's setting, else the plan inferred from the
 * per-minute limit. Without the service's figures it counts our own sends,
 * which misses what other desks on the key spend: then it is an estimate.
 */
export class DailyBudget {
  limit: number | null;
  remaining: number | null;
  /** When the day starts over, local clock; null until a day is being counted. */
  resetAt: number | null = null;
  source: DailySource;
  /** Background requests of ours in the current day. */
  backgroundSpent = 0;
  /** The service's reset of its day (server clock), while its figures are in force. */
  private serverResetAt: number | null = null;

  constructor(
    setting: number | undefined,
    private readonly windowMs: number,
  ) {
    this.limit = setting ?? null;
    this.remaining = this.limit;
    this.source = setting === undefined ? null : 'setting';
  }

  /** Starts a new day once the current one is over. */
  refresh(now: number): void {
    if (this.resetAt === null || now < this.resetAt) return;
    this.resetAt = null;
    this.serverResetAt = null;
    this.remaining = this.limit;
    this.backgroundSpent = 0;
  }

  /** The service's own daily figures, which win over any setting or inference. */
  observe(daily: RateLimitHeaders, skew: number): void {
    if (daily.limit === null || daily.remaining === null || daily.resetAt === null) return;
    if (this.serverResetAt !== null && daily.resetAt < this.serverResetAt) return;
    const sameDay = daily.resetAt === this.serverResetAt;
    if (this.serverResetAt !== null && !sameDay) this.backgroundSpent = 0;
    this.limit = daily.limit;
    // Answers overtake each other; within one day the lowest count is the truest.
    this.remaining =
      sameDay && this.remaining !== null
        ? Math.min(this.remaining, daily.remaining)
        : daily.remaining;
    this.serverResetAt = daily.resetAt;
    this.resetAt = daily.resetAt - skew;
    this.source = 'service';
  }

  /** Infers the day from the per-minute limit, unless the service or the setting said. */
  inferFromPlan(perMinute: number): void {
    if (this.source !== null && this.source !== 'plan') return;
    const perDay = dailyLimitForPlan(perMinute);
    if (perDay === this.limit) return;
    if (perDay === null) {
      // No longer a listed plan: what was inferred from the old one means nothing now.
      this.limit = null;
      this.remaining = null;
      this.resetAt = null;
      this.source = null;
      this.backgroundSpent = 0;
      return;
    }
    this.replace(perDay, 'plan');
  }

  /**
   * The profile's setting. A smaller one lowers the figure in force (another
   * profile on the key has a smaller plan); any setting replaces an inferred
   * plan, which was only ever a guess.
   */
  lower(limit: number): void {
    if (this.source !== 'plan' && this.limit !== null && this.limit <= limit) return;
    this.replace(limit, 'setting');
  }

  /** One request of ours ended; it may have been counted even without an answer. */
  count(now: number, lane: RequestLane): void {
    if (this.remaining === null) return;
    if (this.serverResetAt === null) {
      this.remaining = Math.max(0, this.remaining - 1);
      this.resetAt ??= now + this.windowMs;
    }
    if (lane === 'background') this.backgroundSpent += 1;
  }

  /**
   * The day is spent for every lane. Only a figure someone stated (the service
   * or the setting) refuses: an inferred one may be wrong, and the service's
   * 429 is the authority, so it only holds background back.
   */
  refusesAll(inFlight: number): boolean {
    if (this.source !== 'service' && this.source !== 'setting') return false;
    return this.remaining !== null && this.remaining - inFlight <= 0;
  }

  /** Background requests still allowed today, counting those in flight as spent; null without a figure. */
  backgroundLeft(inFlight: number, backgroundInFlight: number): number | null {
    if (this.remaining === null) return null;
    return backgroundRequestsLeftToday(
      this.remaining - inFlight,
      this.backgroundSpent + backgroundInFlight,
    );
  }

  state(): Pick<RateLimitState, 'dailyLimit' | 'dailyRemaining' | 'dailyResetAt' | 'dailySource'> {
    return {
      dailyLimit: this.limit,
      dailyRemaining: this.remaining,
      dailyResetAt: this.resetAt,
      dailySource: this.source,
    };
  }

  /** A new figure for the same day: what was spent still counts. */
  private replace(limit: number, source: DailySource): void {
    const spent = this.limit === null ? 0 : this.limit - (this.remaining ?? 0);
    this.limit = limit;
    this.remaining = Math.max(0, limit - spent);
    this.source = source;
  }
}
