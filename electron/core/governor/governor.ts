import {
  BACKGROUND_HELD_CODE,
  HELD_FOR_INTAKE_CODE,
  MOST_ON_THE_WIRE,
  type RateLimitState,
  type RequestLane,
} from '../../contract/index';
import { BannedError } from '../errors/banned-error';
import type { KennelError } from '../errors/kennel-error';
import { NetworkError } from '../errors/network-error';
import { RateLimitedError } from '../errors/rate-limited-error';
import { TimeoutError } from '../errors/timeout-error';
import { errorFromAnswer, isBannedAnswer, readErrorBody, type HttpAnswer } from '../http/answer';
import { ClockSkew } from '../http/clock-skew';
import { parseHttpDate, parseRateLimitHeaders, parseRetryAfter } from '../http/headers';
import { backoffDelay, type BackoffPolicy } from '../../contract/backoff';
import { DailyBudget } from './daily-budget';
import { DEFAULT_LANE, LaneQueue } from './lanes';
import { realTiming, type Timing } from './timing';

/** Tuning of one governor; every field has a sensible default. */
export interface GovernorOptions {
  timing?: Timing;
  /**
   * Requests per day of the key's plan, when known: the daily budget then
   * refuses every lane once spent. Without it (and without the service's daily
   * headers) the plan is inferred from `X-RateLimit-Limit`.
   */
  dailyLimit?: number;
  /** Length of the daily budget window (default 24 h). */
  dailyWindowMs?: number;
  /** Upper bound of the random delay added on every wake-up, so waiters do not stampede. */
  jitterMs?: number;
  /** Extra wait after a window's reset time before probing the next window. */
  resetMarginMs?: number;
  /** Backoff for 5xx, network errors, timeouts and idempotency "in flight" answers. */
  retryBackoff?: BackoffPolicy;
  /** Backoff for a 429 that carries neither `Retry-After` nor a reset time. */
  rateLimitBackoff?: BackoffPolicy;
  /** Concurrency allowed when the service sends no rate-limit headers at all. */
  headerlessConcurrency?: number;
  /**
   * Retries of one request after 5xx, network errors and timeouts (default 3).
   * Kept small so an unreachable service is reported in seconds, not at the
   * deadline: the caller (the sync engine) owns the longer, persistent backoff.
   */
  transientRetries?: number;
}

/** One attempt: sends the request and returns the answer, or throws a typed error. */
type SendAttempt = (attempt: number) => Promise<HttpAnswer>;

/** Per-request limits of {@link Governor.run}. */
export interface RunOptions {
  /** Local epoch ms after which no attempt starts and no wait extends. */
  deadline: number;
  /** Aborts waiting (e.g. on shutdown). */
  signal?: AbortSignal;
  /**
   * Whether an attempt that may already have taken effect (sent with no answer,
   * or answered 5xx) may be sent again. Default true: reads are safe to
   * repeat. A create is only when the service is known to honour its
   * `Idempotency-Key`; otherwise such a failure is handed back at once, with
   * `outcomeUnknown` set, so the caller can look before it sends again.
   */
  retryUnknownOutcome?: boolean;
  /**
   * Retry a 409 (the idempotency layer saying "still in flight"). Only for
   * requests that carry an `Idempotency-Key` to a service known to honour it.
   */
  retryConflict?: boolean;
  /**
   * Who waits for the request (default `user`). A slot goes to `intake` first,
   * then `user`, then `background`; background also leaves the last half of a
   * window and most of the day to the others.
   */
  lane?: RequestLane;
}

/** What background work may still spend today; see {@link Governor.backgroundBudget}. */
interface BackgroundBudget {
  /** Background requests left today, counting those in flight; null without a daily figure. */
  remaining: number | null;
  /** When the day, and with it background's share, starts over (local clock); null while unknown. */
  resetAt: number | null;
}

/** The single gate every request for one API key passes through. */
export interface Governor {
  /**
   * Sends through the gate, retrying 429s, 5xx, network errors and timeouts
   * within the deadline. Resolves with the first answer that is not retried
   * (2xx or a final 4xx); rejects with the last error, `retryAt` set where known.
   */
  run(send: SendAttempt, options: RunOptions): Promise<HttpAnswer>;
  /** The current view, for the UI. */
  snapshot(): RateLimitState;
  /**
   * Lowers the daily budget to `dailyLimit` when that is smaller than the one
   * in force: another profile using the same key on a smaller plan. A plan
   * that was only inferred is replaced whatever the size. What was already
   * spent still counts.
   */
  limitDaily(dailyLimit: number): void;
  /** Background's share of the day, for pacing periodic refreshes. */
  backgroundBudget(): BackgroundBudget;
}

interface Slot {
  probe: boolean;
  lane: RequestLane;
}

/** What {@link KeyGovernor.nextStep} decided: take a slot now, or wait (woken early by any change). */
type Step = { probe: boolean } | { wakeAt: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many recent answers the others' spending is judged by. */
const OTHERS_MEMORY = 3;

class KeyGovernor implements Governor {
  private readonly t: Timing;
  private readonly jitterMs: number;
  private readonly resetMarginMs: number;
  private readonly retryBackoff: BackoffPolicy;
  private readonly rateLimitBackoff: BackoffPolicy;
  private readonly headerlessConcurrency: number;
  private readonly transientRetries: number;

  private limit: number | null = null;
  private remaining: number | null = null;
  /** Reset of the current window: server clock (for ordering answers) and local clock (for waiting). */
  private serverResetAt: number | null = null;
  private resetAt: number | null = null;
  private seenHeaders = false;
  private inFlight = 0;
  private backgroundInFlight = 0;
  private intakeInFlight = 0;
  private probing = false;
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
  private lastSentAt: number | null = null;

  private pausedUntil: number | null = null;
  private pauseBanned = false;
  private pauseCode: string | undefined;
  private consecutive429 = 0;

  private readonly daily: DailyBudget;
  private readonly lanes = new LaneQueue();
  private waiters = new Set<() => void>();

  constructor(options: GovernorOptions) {
    this.t = options.timing ?? realTiming;
    this.jitterMs = options.jitterMs ?? 200;
    this.resetMarginMs = options.resetMarginMs ?? 50;
    this.retryBackoff = options.retryBackoff ?? { baseMs: 250, capMs: 8_000 };
    this.rateLimitBackoff = options.rateLimitBackoff ?? { baseMs: 1_000, capMs: 60_000 };
    this.headerlessConcurrency = options.headerlessConcurrency ?? 4;
    this.transientRetries = options.transientRetries ?? 3;
    this.daily = new DailyBudget(options.dailyLimit, options.dailyWindowMs ?? DAY_MS);
  }

  async run(send: SendAttempt, options: RunOptions): Promise<HttpAnswer> {
    const lane = options.lane ?? DEFAULT_LANE;
    let lastError: KennelError | undefined;
    let retries = 0;
    for (let attempt = 1; ; attempt += 1) {
      let slot: Slot;
      try {
        slot = await this.acquire(options, lane);
      } catch (err) {
        // Ran out of time while waiting for the window: the failure that made
        // us wait says more than "deadline reached".
        if (lastError !== undefined && err instanceof TimeoutError) throw lastError;
        throw err;
      }

      let answer: HttpAnswer;
      try {
        answer = await send(attempt);
      } catch (err) {
        this.settle(slot, null);
        if (!(err instanceof NetworkError || err instanceof TimeoutError)) throw err;
        if (options.signal?.aborted === true) throw err;
        if (err.outcomeUnknown && options.retryUnknownOutcome === false) throw err;
        lastError = err;
        await this.backoff(err, retries++, options);
        continue;
      }
      this.settle(slot, answer);

      if (answer.status === 429) {
        lastError = errorFromAnswer(answer, this.pausedUntil ?? undefined);
        continue;
      }
      if (answer.status >= 500 && options.retryUnknownOutcome === false) {
        // A gateway's 502 or 504 may come after the service acted on the request.
        throw errorFromAnswer(answer);
      }
      if (answer.status >= 500 || (answer.status === 409 && options.retryConflict === true)) {
        lastError = errorFromAnswer(answer);
        await this.backoff(lastError, retries++, options);
        continue;
      }
      return answer;
    }
  }

  snapshot(): RateLimitState {
    const now = this.t.now();
    this.daily.refresh(now);
    return {
      limit: this.limit,
      remaining: this.remaining === null ? null : Math.max(0, this.remaining - this.inFlight),
      resetAt: this.resetAt,
      pausedUntil: this.pausedUntil !== null && this.pausedUntil > now ? this.pausedUntil : null,
      shared: this.isShared(),
      ...this.daily.state(),
    };
  }

  limitDaily(dailyLimit: number): void {
    this.daily.lower(dailyLimit);
    this.changed();
  }

  backgroundBudget(): BackgroundBudget {
    this.daily.refresh(this.t.now());
    return {
      remaining: this.daily.backgroundLeft(this.inFlight, this.backgroundInFlight),
      resetAt: this.daily.resetAt,
    };
  }

  /** Waits until a request may be sent, then reserves it against the budget. */
  private async acquire(options: RunOptions, lane: RequestLane): Promise<Slot> {
    const { deadline, signal } = options;
    this.lanes.enter(lane);
    try {
      for (;;) {
        if (signal?.aborted === true) {
          throw new NetworkError('The request was cancelled before it was sent.', {
            outcomeUnknown: false,
          });
        }
        const step = this.nextStep(lane, deadline);
        if ('probe' in step) return this.reserve(step.probe, lane);
        await this.waitUntil(step.wakeAt, signal);
      }
    } finally {
      // Here, not after an await: whoever `reserve` woke must find this request
      // gone from its lane. Lower lanes held back for it may go now, whether it
      // was sent or gave up.
      this.lanes.leave(lane);
      if (this.lanes.lowerWaiting(lane)) this.changed();
    }
  }

  /** Whether `lane` may take a slot now, or how long it waits; throws when it cannot go in time. */
  private nextStep(lane: RequestLane, deadline: number): Step {
    const now = this.t.now();
    this.daily.refresh(now);
    if (this.daily.refusesAll(this.inFlight)) {
      throw new RateLimitedError('The daily request budget of this key is spent.', {
        ...(this.daily.resetAt === null ? {} : { retryAt: this.daily.resetAt }),
      });
    }
    if (
      lane === 'background' &&
      this.daily.backgroundLeft(this.inFlight, this.backgroundInFlight) === 0
    ) {
      const dayResetAt = this.daily.resetAt;
      if (dayResetAt === null || dayResetAt > deadline) {
        throw this.heldError(
          "Background work has used its share of today's requests; it goes again when the day starts over.",
          dayResetAt,
        );
      }
      return { wakeAt: dayResetAt };
    }

    if (this.pausedUntil !== null && now < this.pausedUntil) {
      const wakeAt = this.pausedUntil + this.jitter();
      if (wakeAt > deadline) throw this.pauseError(this.pausedUntil);
      return { wakeAt };
    }

    // A higher lane waiting gets the next slot, the probe of a new window included.
    const mayTake = !this.lanes.higherWaiting(lane);
    if (this.inFlight >= MOST_ON_THE_WIRE) return this.untilChange(now, deadline, !mayTake);

    if (this.windowKnown(now)) {
      const shared = this.isShared();
      const budget = (this.remaining ?? 0) - this.inFlight - (shared ? this.holdBack() : 0);
      // Background leaves the last half of the window to intake and to what people wait for.
      const reserved = lane === 'background' ? Math.ceil((this.limit ?? 0) / 2) : 0;
      if (budget > reserved) {
        // In a shared window: our answer first when few are left, or for a
        // create when one of ours is out (null); else our turn. Others' 429s
        // cannot be foreseen, and every create already on its way when one
        // comes arrives inside its Retry-After.
        const sendAt = !shared
          ? now
          : (this.inFlight > 0 && this.sharedLow()) ||
              (lane === 'intake' && this.intakeInFlight > 0)
            ? null
            : this.pacedSendAt(budget);
        if (sendAt === null) return this.untilChange(now, deadline);
        if (sendAt <= now)
          return mayTake ? { probe: false } : this.untilChange(now, deadline, true);
        if (sendAt > deadline) {
          throw new RateLimitedError(
            'Other desks are using this API key too; Kennel sends again when it is its turn.',
            { retryAt: sendAt },
          );
        }
        return { wakeAt: sendAt };
      }
      const resetAt = (this.resetAt ?? now) + this.resetMarginMs;
      const wakeAt = resetAt + this.jitter();
      if (wakeAt > deadline) {
        throw lane === 'background' && budget > 0
          ? this.heldError(
              'Background work leaves the rest of this rate-limit window to intake; it goes again after the reset.',
              resetAt,
            )
          : new RateLimitedError('The rate-limit window is spent and resets after the deadline.', {
              retryAt: resetAt,
            });
      }
      return { wakeAt };
    }

    let probe: boolean | null = null;
    if (this.seenHeaders) {
      // New or unknown window: one request learns it, the rest wait for its answer.
      if (!this.probing) probe = true;
    } else if (this.inFlight === 0 && !this.probing) {
      probe = true;
    } else if (!this.probing && this.inFlight < this.headerlessConcurrency) {
      probe = false;
    }
    if (probe !== null && mayTake) return { probe };
    return this.untilChange(now, deadline, !mayTake);
  }

  /**
   * Waits for a change of state (an answer, a slot taken or given up) until the
   * deadline. `behindIntake`: requests of a higher lane are queued ahead of it.
   */
  private untilChange(now: number, deadline: number, behindIntake = false): Step {
    if (now < deadline) return { wakeAt: deadline };
    if (!behindIntake) throw this.waitTimeout();
    // Not a silent service: the queue of a higher lane took every turn.
    throw new RateLimitedError(
      'Kennel sent the animals waiting to be added first; this goes next.',
      {
        code: HELD_FOR_INTAKE_CODE,
        retryAt: now + this.resetMarginMs + this.jitter(),
      },
    );
  }

  /** Background held back by a rule of its own: nothing was sent and the service is fine. */
  private heldError(message: string, retryAt: number | null): RateLimitedError {
    return new RateLimitedError(message, {
      code: BACKGROUND_HELD_CODE,
      ...(retryAt === null ? {} : { retryAt }),
    });
  }

  private waitTimeout(): TimeoutError {
    return new TimeoutError(
      'Waiting for the rate limit outlasted the deadline; nothing was sent.',
      { outcomeUnknown: false },
    );
  }

  /**
   * Others spent from this window or the one before (their requests, or a 429
   * we did not cause): the window is shared, and what its headers say is
   * already out of date when we read it.
   */
  private isShared(): boolean {
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
  private holdBack(): number {
    return Math.min(Math.max(0, ...this.othersPerAnswer), Math.floor((this.limit ?? 0) / 2));
  }

  /** So few requests are left that two of ours in flight could overrun the window. */
  private sharedLow(): boolean {
    return (this.remaining ?? 0) <= 2 * (this.holdBack() + 1);
  }

  /**
   * When the next request may go in a shared window: `budget` requests spread
   * over the time left to the reset, so desks take turns instead of one
   * spending the window in a burst while the others' views go stale.
   */
  private pacedSendAt(budget: number): number {
    const last = this.lastSentAt;
    const resetAt = this.resetAt;
    if (last === null || resetAt === null || last >= resetAt) return -Infinity;
    return last + (resetAt - last) / (budget + 1);
  }

  private reserve(probe: boolean, lane: RequestLane): Slot {
    this.inFlight += 1;
    if (lane === 'background') this.backgroundInFlight += 1;
    if (lane === 'intake') this.intakeInFlight += 1;
    this.ownInWindow += 1;
    this.lastSentAt = this.t.now();
    if (probe) this.probing = true;
    this.changed();
    return { probe, lane };
  }

  private windowKnown(now: number): boolean {
    return (
      this.remaining !== null && this.resetAt !== null && now < this.resetAt + this.resetMarginMs
    );
  }

  /** Learns from one answer (or from its absence) and wakes the waiters. */
  private settle(slot: Slot, answer: HttpAnswer | null): void {
    this.inFlight -= 1;
    if (slot.lane === 'background') this.backgroundInFlight -= 1;
    if (slot.lane === 'intake') this.intakeInFlight -= 1;
    if (slot.probe) this.probing = false;
    if (answer !== null) this.observe(answer);
    // After the answer, so the request that revealed the plan counts against it.
    // Without daily headers a dropped request may have counted too.
    this.daily.count(this.t.now(), slot.lane);
    this.changed();
  }

  private observe(answer: HttpAnswer): void {
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
        this.ownInWindow = this.inFlight + 1;
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
      this.consecutive429 = 0;
      return;
    }
    const now = this.t.now();
    const retryAfter = parseRetryAfter(answer.headers.get('retry-after'));
    let hinted: number | null = null;
    if (retryAfter !== null) {
      hinted =
        'delayMs' in retryAfter
          ? answer.receivedAt + retryAfter.delayMs
          : retryAfter.serverAt - this.skew;
    } else if (rl.resetAt !== null) {
      hinted = rl.resetAt - this.skew;
    }
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

  private pauseError(until: number): KennelError {
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

  private async backoff(err: KennelError, retry: number, options: RunOptions): Promise<void> {
    const now = this.t.now();
    const retryAt = now + backoffDelay(retry + 1, this.retryBackoff, this.t.random);
    err.retryAt = Math.max(retryAt, this.pausedUntil ?? 0);
    if (retry >= this.transientRetries || retryAt >= options.deadline) throw err;
    await this.t.sleep(retryAt - now, options.signal);
  }

  private jitter(): number {
    return Math.floor(this.t.random() * this.jitterMs);
  }

  /** Sleeps until `at`, waking early on any change of state or on abort. */
  private async waitUntil(at: number, signal: AbortSignal | undefined): Promise<void> {
    const wake = new AbortController();
    const onWake = (): void => wake.abort();
    this.waiters.add(onWake);
    signal?.addEventListener('abort', onWake, { once: true });
    try {
      await this.t.sleep(Math.max(0, at - this.t.now()), wake.signal);
    } finally {
      this.waiters.delete(onWake);
      signal?.removeEventListener('abort', onWake);
    }
  }

  private changed(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }
}

/** Creates the governor of one API key. Use one per key, shared by all its requests. */
export function createGovernor(options: GovernorOptions = {}): Governor {
  return new KeyGovernor(options);
}
