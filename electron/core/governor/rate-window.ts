import { backoffDelay, type BackoffPolicy } from '../../contract/backoff';
import { BannedError } from '../errors/banned-error';
import type { KennelError } from '../errors/kennel-error';
import { RateLimitedError } from '../errors/rate-limited-error';
import { isBannedAnswer, readErrorBody, type HttpAnswer } from '../http/answer';
import { ClockSkew } from '../http/clock-skew';
import {
  LONGEST_WAIT_MS,
  parseHttpDate,
  parseRateLimitHeaders,
  parseRetryAfter,
} from '../http/headers';
import type { DailyBudget } from './daily-budget';
import type { Timing } from './timing';

/**
 * A pause longer than this may be ended by the user ("Try again now"): a
 * service that really means it costs one request to ask again, while a desk
 * silenced for hours by a broken hint costs a shelter its day.
 */
const ENDABLE_PAUSE_MS = 10 * 60 * 1000;

/** How many recent answers the others' spending is judged by. */
const OTHERS_MEMORY = 3;

/**
 * What the service's answers say about one key: its current rate-limit window
 * (skew-corrected onto the local clock), whether other desks spend from it,
 * and the pause a 429 asked for. It only learns and answers questions; when a
 * request may go is the admission's to decide (`admission.ts`).
 */
export class RateWindow {
  limit: number | null = null;
  remaining: number | null = null;
  /** Reset of the current window: server clock (for ordering answers) and local clock (for waiting). */
  private serverResetAt: number | null = null;
  resetAt: number | null = null;
  /** The service has sent rate-limit headers at least once. */
  seenHeaders = false;
  private readonly clock = new ClockSkew();
  /** `server - local` offset used to move server deadlines onto the local clock; the late edge. */
  private skew = 0;

  /**
   * Several desks may share the key and its window. Requests of ours the
   * service may have counted in the current window (an upper bound), and at
   * least how many the others spent in it, as the last answers prove.
   */
  private ownInWindow = 0;
  private othersInWindow = 0;
  /** How many the others spent between each of our last answers and the one before. */
  private othersPerAnswer: number[] = [];
  /** Server reset of the window before the current one, and of the last window others were seen in. */
  private previousServerResetAt: number | null = null;
  private sharedServerResetAt: number | null = null;

  pausedUntil: number | null = null;
  private pauseBanned = false;
  private pauseCode: string | undefined;
  private consecutive429 = 0;
  /**
   * When the current run of 429s began (local clock), or null outside one. The
   * run lasts until a request sent after it began is answered without a 429:
   * only such an answer proves the service's wait is over.
   */
  private pauseBeganAt: number | null = null;
  /**
   * None of our requests has landed inside this run's wait: its one 429 came
   * with nothing else of ours in flight, and no refusal followed. Only then is
   * one more request (the user's "Try again now") at most a first strike.
   */
  private pauseClean = false;

  constructor(
    private readonly t: Timing,
    private readonly daily: DailyBudget,
    private readonly rateLimitBackoff: BackoffPolicy,
  ) {}

  /** One more request of ours went out in the current window. */
  countSent(): void {
    this.ownInWindow += 1;
  }

  /** Whether the window's figures still hold at `now` (until its reset, plus `marginMs`). */
  known(now: number, marginMs: number): boolean {
    return this.remaining !== null && this.resetAt !== null && now < this.resetAt + marginMs;
  }

  /**
   * How many requests the window allows at `now`, ours in flight not yet
   * subtracted; null when a request must learn it first. Past the reset of a
   * window only we spend, the next one opens with the full limit: a probe
   * sent alone there would idle the wire at every reset. A 429 forgets the
   * window (no reset is kept), and a shared one may already be spent by others.
   */
  left(now: number, marginMs: number): number | null {
    if (this.known(now, marginMs)) return this.remaining;
    if (this.remaining === null || this.resetAt === null || this.isShared()) return null;
    return this.limit;
  }

  /** Whether the service asked us to wait until after `now`. */
  pausedAt(now: number): boolean {
    return this.pausedUntil !== null && now < this.pausedUntil;
  }

  /**
   * Others spent from this window or the one before (their requests, or a 429
   * we did not cause): the window is shared, and what its headers say is
   * already out of date when we read it.
   */
  isShared(): boolean {
    const shared = this.sharedServerResetAt;
    return (
      shared !== null && (shared === this.serverResetAt || shared === this.previousServerResetAt)
    );
  }

  /**
   * Requests of the window left to the others: what they spent between our
   * recent answers, i.e. what they may have spent since the last one we read.
   * At most half the limit, so a busy neighbour cannot starve this desk.
   */
  holdBack(): number {
    return Math.min(Math.max(0, ...this.othersPerAnswer), Math.floor((this.limit ?? 0) / 2));
  }

  /** So few requests are left that two of ours in flight could overrun the window. */
  sharedLow(): boolean {
    return (this.remaining ?? 0) <= 2 * (this.holdBack() + 1);
  }

  /**
   * When the next request may go in a shared window: `budget` requests spread
   * over the time left to the reset since our last one (`lastSentAt`), so
   * desks take turns instead of one spending the window in a burst while the
   * others' views go stale.
   */
  pacedSendAt(budget: number, lastSentAt: number | null): number {
    const resetAt = this.resetAt;
    if (lastSentAt === null || resetAt === null || lastSentAt >= resetAt) return -Infinity;
    return lastSentAt + (resetAt - lastSentAt) / (budget + 1);
  }

  /** Learns from one answer; `inFlight` of ours are still out. */
  observe(answer: HttpAnswer, inFlight: number): void {
    const date = parseHttpDate(answer.headers.get('date'));
    if (date !== null) {
      this.clock.observe(date, answer.sentAt, answer.receivedAt);
      this.skew = this.clock.conservative();
    }
    const serverNow = date ?? answer.receivedAt + this.skew;
    const rl = parseRateLimitHeaders(answer.headers, serverNow);

    if (rl.limit !== null) this.limit = rl.limit;
    if (rl.remaining !== null && rl.resetAt !== null) {
      this.seenHeaders = true;
      if (this.serverResetAt === null || rl.resetAt > this.serverResetAt) {
        this.previousServerResetAt = this.serverResetAt;
        this.serverResetAt = rl.resetAt;
        this.remaining = rl.remaining;
        // Ours in the new window: this one and any still in flight.
        this.ownInWindow = inFlight + 1;
        this.othersInWindow = 0;
      } else if (rl.resetAt === this.serverResetAt) {
        // Answers overtake each other; within one window the lowest count is the truest.
        this.remaining = Math.min(this.remaining ?? rl.remaining, rl.remaining);
      }
      if (rl.resetAt === this.serverResetAt && this.limit !== null && this.remaining !== null) {
        const others = this.limit - this.remaining - this.ownInWindow;
        const more = Math.max(0, others - this.othersInWindow);
        this.othersPerAnswer = [...this.othersPerAnswer.slice(-(OTHERS_MEMORY - 1)), more];
        if (others > 0) {
          this.othersInWindow = Math.max(this.othersInWindow, others);
          this.sharedServerResetAt = this.serverResetAt;
        }
      }
      this.resetAt = this.serverResetAt - this.skew;
    }
    this.daily.observe(
      parseRateLimitHeaders(answer.headers, serverNow, 'x-ratelimit-daily-'),
      this.skew,
    );
    // The service's own daily figures win; the plan table is the fallback.
    if (rl.limit !== null) this.daily.inferFromPlan(rl.limit);

    if (answer.status !== 429) {
      // A late answer to a request sent before the run began says nothing of the wait.
      if (this.pauseBeganAt === null || answer.sentAt >= this.pauseBeganAt) {
        this.consecutive429 = 0;
        this.pauseBeganAt = null;
      }
      return;
    }
    // The first 429 of a run, with nothing else of ours out, is the only one
    // that leaves the service's count of requests inside its wait at zero.
    this.pauseClean = this.pauseBeganAt === null && inFlight === 0;
    this.pauseBeganAt ??= answer.receivedAt;
    this.paused(answer, rl.resetAt);
  }

  /** A 429: nothing goes before its Retry-After, and never sooner than the backoff. */
  private paused(answer: HttpAnswer, serverResetAt: number | null): void {
    const now = this.t.now();
    const retryAfter = parseRetryAfter(answer.headers.get('retry-after'));
    let hinted: number | null = null;
    if (retryAfter !== null) {
      hinted =
        'delayMs' in retryAfter
          ? answer.receivedAt + retryAfter.delayMs
          : retryAfter.serverAt - this.skew;
    } else if (serverResetAt !== null) {
      hinted = serverResetAt - this.skew;
    }
    if (hinted !== null) hinted = Math.min(hinted, now + LONGEST_WAIT_MS);
    // Never shorter than the backoff: `Retry-After: 0`, a date in the past or a
    // stale reset would otherwise send again at once, 429 after 429.
    const delay = backoffDelay(this.consecutive429 + 1, this.rateLimitBackoff, this.t.random);
    const until = Math.max(hinted ?? 0, now + Math.max(this.rateLimitBackoff.baseMs, delay));
    this.consecutive429 += 1;
    const banned = isBannedAnswer(answer);
    if (this.pausedUntil === null || this.pausedUntil < now) this.pauseBanned = false;
    this.pausedUntil = Math.max(this.pausedUntil ?? 0, until);
    this.pauseBanned ||= banned;
    this.pauseCode = readErrorBody(answer.body).code ?? this.pauseCode;
    // We never send into a window we know is spent, so someone else spent it:
    // pace the next window too.
    if (this.serverResetAt !== null) this.sharedServerResetAt = this.serverResetAt;
    // Whatever the headers said, the window is spent: after the pause one
    // request learns the new one before the rest are released.
    this.remaining = null;
    this.resetAt = null;
  }

  /**
   * Whether the user may end the pause now: it is long, it is not a ban (asking
   * during a ban makes it longer), and none of our requests has landed inside
   * the service's wait (see {@link pauseClean}). The service bans a key whose
   * requests keep arriving inside its wait, so the one request this lets
   * through is at most the first; it cannot be offered twice in one run.
   */
  pauseEndable(now: number): boolean {
    return (
      this.pausedUntil !== null &&
      this.pausedUntil - now > ENDABLE_PAUSE_MS &&
      !this.pauseBanned &&
      this.pauseClean
    );
  }

  /** Ends the pause when {@link pauseEndable}; true when it did. */
  endPause(now: number): boolean {
    if (!this.pauseEndable(now)) return false;
    this.pausedUntil = null;
    this.pauseClean = false;
    return true;
  }

  /** The error of a request that cannot go before the pause ends at `until`. */
  pauseError(until: number): KennelError {
    const details = {
      retryAt: until,
      status: 429,
      ...(this.pauseCode === undefined ? {} : { code: this.pauseCode }),
    };
    return this.pauseBanned
      ? new BannedError(
          'The service has banned this key for a while; nothing is sent until then.',
          details,
        )
      : new RateLimitedError('The service asked to wait before sending more requests.', details);
  }
}
