import type { RateLimitState, RequestLane } from '../../contract/pacing';
import { backoffDelay, type BackoffPolicy } from '../../contract/backoff';
import type { KennelError } from '../errors/kennel-error';
import { NetworkError } from '../errors/network-error';
import { TimeoutError } from '../errors/timeout-error';
import { errorFromAnswer, type HttpAnswer } from '../http/answer';
import { Admission, type Slot } from './admission';
import { DailyBudget } from './daily-budget';
import { DEFAULT_LANE } from './lanes';
import { RateWindow } from './rate-window';
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
   * Ends a long pause the service asked for, at the user's word, so one
   * request may learn at once whether it still refuses; see
   * {@link RateLimitState.pauseEndable}. True when it ended one.
   */
  endPause(): boolean;
  /**
   * Lowers the daily budget to `dailyLimit` when that is smaller than the one
   * in force: another profile using the same key on a smaller plan. A plan
   * that was only inferred is replaced whatever the size. What was already
   * spent still counts.
   */
  limitDaily(dailyLimit: number): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The governor of one key: the retry loop. When each attempt may go is the
 * admission's to say (`admission.ts`), what the answers taught is the rate
 * window's (`rate-window.ts`).
 */
class KeyGovernor implements Governor {
  private readonly t: Timing;
  private readonly retryBackoff: BackoffPolicy;
  private readonly transientRetries: number;
  private readonly daily: DailyBudget;
  private readonly window: RateWindow;
  private readonly admission: Admission;

  constructor(options: GovernorOptions) {
    this.t = options.timing ?? realTiming;
    this.retryBackoff = options.retryBackoff ?? { baseMs: 250, capMs: 8_000 };
    this.transientRetries = options.transientRetries ?? 3;
    this.daily = new DailyBudget(options.dailyLimit, options.dailyWindowMs ?? DAY_MS);
    this.window = new RateWindow(
      this.t,
      this.daily,
      options.rateLimitBackoff ?? { baseMs: 1_000, capMs: 60_000 },
    );
    this.admission = new Admission(this.t, this.window, this.daily, {
      jitterMs: options.jitterMs ?? 200,
      resetMarginMs: options.resetMarginMs ?? 50,
      headerlessConcurrency: options.headerlessConcurrency ?? 4,
    });
  }

  async run(send: SendAttempt, options: RunOptions): Promise<HttpAnswer> {
    const lane = options.lane ?? DEFAULT_LANE;
    let lastError: KennelError | undefined;
    let retries = 0;
    for (let attempt = 1; ; attempt += 1) {
      let slot: Slot;
      try {
        slot = await this.admission.acquire(lane, options.deadline, options.signal);
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
        this.admission.settle(slot, null);
        if (!(err instanceof NetworkError || err instanceof TimeoutError)) throw err;
        if (options.signal?.aborted === true) throw err;
        if (err.outcomeUnknown && options.retryUnknownOutcome === false) throw err;
        lastError = err;
        await this.backoff(err, retries++, options);
        continue;
      }
      this.admission.settle(slot, answer);

      if (answer.status === 429) {
        lastError = errorFromAnswer(answer, this.window.pausedUntil ?? undefined);
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
    const { remaining, pausedUntil } = this.window;
    this.daily.refresh(now);
    return {
      limit: this.window.limit,
      remaining: remaining === null ? null : Math.max(0, remaining - this.admission.inFlight),
      resetAt: this.window.resetAt,
      pausedUntil: pausedUntil !== null && pausedUntil > now ? pausedUntil : null,
      pauseEndable: this.window.pauseEndable(now),
      shared: this.window.isShared(),
      ...this.daily.state(),
      backgroundRemaining: this.daily.backgroundLeft(
        this.admission.inFlight,
        this.admission.backgroundInFlight,
      ),
    };
  }

  endPause(): boolean {
    const ended = this.window.endPause(this.t.now());
    if (ended) this.admission.changed();
    return ended;
  }

  limitDaily(dailyLimit: number): void {
    this.daily.lower(dailyLimit);
    this.admission.changed();
  }

  private async backoff(err: KennelError, retry: number, options: RunOptions): Promise<void> {
    const now = this.t.now();
    const retryAt = now + backoffDelay(retry + 1, this.retryBackoff, this.t.random);
    err.retryAt = Math.max(retryAt, this.window.pausedUntil ?? 0);
    if (retry >= this.transientRetries || retryAt >= options.deadline) throw err;
    await this.t.sleep(retryAt - now, options.signal);
  }
}

/** Creates the governor of one API key. Use one per key, shared by all its requests. */
export function createGovernor(options: GovernorOptions = {}): Governor {
  return new KeyGovernor(options);
}
