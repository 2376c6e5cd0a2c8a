import { BACKGROUND_HELD_CODE, HELD_FOR_INTAKE_CODE } from '../../contract/errors';
import { MOST_ON_THE_WIRE, type RequestLane } from '../../contract/pacing';
import { NetworkError } from '../errors/network-error';
import { RateLimitedError } from '../errors/rate-limited-error';
import { TimeoutError } from '../errors/timeout-error';
import type { HttpAnswer } from '../http/answer';
import type { DailyBudget } from './daily-budget';
import { LaneQueue } from './lanes';
import type { RateWindow } from './rate-window';
import type { Timing } from './timing';

/** A request let through, until its answer (or its failure) is settled. */
export interface Slot {
  probe: boolean;
  lane: RequestLane;
}

/** What {@link Admission.nextStep} decided: take a slot now, or wait (woken early by any change). */
type Step = { probe: boolean } | { wakeAt: number };

/** Tuning of the admission; see `GovernorOptions`. */
export interface AdmissionOptions {
  jitterMs: number;
  resetMarginMs: number;
  headerlessConcurrency: number;
}

/**
 * When each request of one key may go: what the window has left, the pause,
 * the day's budget, other desks on the key, lanes, and never more than
 * {@link MOST_ON_THE_WIRE} on the wire. Requests wait here and are woken by
 * any change (an answer, a slot taken or given up).
 */
export class Admission {
  inFlight = 0;
  backgroundInFlight = 0;
  private intakeInFlight = 0;
  private probing = false;
  private lastSentAt: number | null = null;
  private readonly lanes = new LaneQueue();
  private waiters = new Set<() => void>();

  constructor(
    private readonly t: Timing,
    private readonly window: RateWindow,
    private readonly daily: DailyBudget,
    private readonly options: AdmissionOptions,
  ) {}

  /** Waits until a request of `lane` may be sent before `deadline`, then reserves it. */
  async acquire(lane: RequestLane, deadline: number, signal?: AbortSignal): Promise<Slot> {
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

  /** Learns from one answer (or from its absence) and wakes the waiters. */
  settle(slot: Slot, answer: HttpAnswer | null): void {
    this.inFlight -= 1;
    if (slot.lane === 'background') this.backgroundInFlight -= 1;
    if (slot.lane === 'intake') this.intakeInFlight -= 1;
    if (slot.probe) this.probing = false;
    if (answer !== null) this.window.observe(answer, this.inFlight);
    // After the answer, so the request that revealed the plan counts against it.
    // Without daily headers a dropped request may have counted too.
    this.daily.count(this.t.now(), slot.lane);
    this.changed();
  }

  /** Something changed that waiting requests should look at again. */
  changed(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }

  /** Whether `lane` may take a slot now, or how long it waits; throws when it cannot go in time. */
  private nextStep(lane: RequestLane, deadline: number): Step {
    const now = this.t.now();
    const window = this.window;
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

    if (window.pausedUntil !== null && window.pausedAt(now)) {
      const wakeAt = window.pausedUntil + this.jitter();
      if (wakeAt > deadline) throw window.pauseError(window.pausedUntil);
      return { wakeAt };
    }

    // A higher lane waiting gets the next slot, the probe of a new window included.
    const mayTake = !this.lanes.higherWaiting(lane);
    if (this.inFlight >= MOST_ON_THE_WIRE) return this.untilChange(now, deadline, !mayTake);

    const left = window.left(now, this.options.resetMarginMs);
    // Each of ours still out counts against this window up to its reset, even
    // when it was sent near the end: where in its round trip it arrived cannot
    // be known (the way out and back may split it any way), so neither its
    // sending, nor the window's first answer, nor the whole-second reset says
    // which window it landed in; only its answer, or the next window's, does.
    const shared = window.isShared();
    const budget = (left ?? 0) - this.inFlight - (shared ? window.holdBack() : 0);
    // Background leaves the last half of the window to intake and to what people wait for.
    const reserved = lane === 'background' ? Math.ceil((window.limit ?? 0) / 2) : 0;
    if (left !== null && budget > reserved) {
      // In a shared window: our answer first when few are left, or for a
      // create when one of ours is out (null); else our turn. Others' 429s
      // cannot be foreseen, and every create already on its way when one
      // comes arrives inside its Retry-After.
      const sendAt = !shared
        ? now
        : (this.inFlight > 0 && window.sharedLow()) ||
            (lane === 'intake' && this.intakeInFlight > 0)
          ? null
          : window.pacedSendAt(budget, this.lastSentAt);
      if (sendAt === null) return this.untilChange(now, deadline);
      if (sendAt <= now) return mayTake ? { probe: false } : this.untilChange(now, deadline, true);
      if (sendAt > deadline) {
        throw new RateLimitedError(
          'Other desks are using this API key too; Kennel sends again when it is its turn.',
          { retryAt: sendAt },
        );
      }
      return { wakeAt: sendAt };
    }
    if (window.known(now, this.options.resetMarginMs)) {
      const resetAt = (window.resetAt ?? now) + this.options.resetMarginMs;
      // Several desks waking at once would spend a shared window in a burst;
      // our own requests are already held to the wire's few slots.
      const wakeAt = resetAt + (shared ? this.jitter() : 0);
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

    // Unknown, or past its reset with too little for this lane: one request learns the window.
    let probe: boolean | null = null;
    if (window.seenHeaders) {
      // New or unknown window: one request learns it, the rest wait for its answer.
      if (!this.probing) probe = true;
    } else if (this.inFlight === 0 && !this.probing) {
      probe = true;
    } else if (!this.probing && this.inFlight < this.options.headerlessConcurrency) {
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
    if (!behindIntake) {
      throw new TimeoutError(
        'Waiting for the rate limit outlasted the deadline; nothing was sent.',
        { outcomeUnknown: false },
      );
    }
    // Not a silent service: the queue of a higher lane took every turn.
    throw new RateLimitedError(
      'Kennel sent the animals waiting to be added first; this goes next.',
      {
        code: HELD_FOR_INTAKE_CODE,
        retryAt: now + this.options.resetMarginMs + this.jitter(),
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

  private reserve(probe: boolean, lane: RequestLane): Slot {
    this.inFlight += 1;
    if (lane === 'background') this.backgroundInFlight += 1;
    if (lane === 'intake') this.intakeInFlight += 1;
    this.window.countSent();
    this.lastSentAt = this.t.now();
    if (probe) this.probing = true;
    this.changed();
    return { probe, lane };
  }

  private jitter(): number {
    return Math.floor(this.t.random() * this.options.jitterMs);
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
}
