/**
 * Per-key fixed-window rate limiting: a minute window and a day window. A window
 * starts at the first request after the previous one ended (not at clock
 * boundaries), so a test with a 1 s window gets the whole second it asked for.
 * Only accepted requests spend budget; refused (429) ones do not.
 */
import type { Plan } from './types';

/** One window's counters as the headers report them. */
export interface WindowView {
  limit: number;
  remaining: number;
  /** Epoch ms when this window ends (when no window is open: now + length). */
  resetAt: number;
}

/** The outcome of one request against a key's budget. */
export interface LimitDecision {
  allowed: boolean;
  minute: WindowView;
  day: WindowView;
  /** When refused: epoch ms when the exhausted window(s) end. */
  retryAt?: number;
}

class FixedWindow {
  start = -Infinity;
  count = 0;

  constructor(readonly lengthMs: number) {}

  roll(now: number): void {
    if (now >= this.start + this.lengthMs) {
      this.start = now;
      this.count = 0;
    }
  }

  view(limit: number, now: number): WindowView {
    const open = now < this.start + this.lengthMs;
    return {
      limit,
      remaining: open ? Math.max(0, limit - this.count) : limit,
      resetAt: open ? this.start + this.lengthMs : now + this.lengthMs,
    };
  }
}

/** Budgets for every key, created on first use. */
export class RateLimiter {
  readonly #buckets = new Map<string, { minute: FixedWindow; day: FixedWindow }>();

  constructor(
    readonly minuteMs: number,
    readonly dayMs: number,
  ) {
    for (const [name, value] of [
      ['minuteMs', minuteMs],
      ['dayMs', dayMs],
    ] as const) {
      if (!Number.isFinite(value) || value <= 0) {
        throw new RangeError(`windows.${name} must be a positive number of milliseconds.`);
      }
    }
  }

  #bucket(id: string): { minute: FixedWindow; day: FixedWindow } {
    let bucket = this.#buckets.get(id);
    if (!bucket) {
      bucket = { minute: new FixedWindow(this.minuteMs), day: new FixedWindow(this.dayMs) };
      this.#buckets.set(id, bucket);
    }
    return bucket;
  }

  /** Spends one request of `id`'s budget if both windows allow it. */
  consume(id: string, plan: Plan, now: number): LimitDecision {
    const { minute, day } = this.#bucket(id);
    minute.roll(now);
    day.roll(now);
    const minuteOpen = minute.count < plan.perMinute;
    const dayOpen = day.count < plan.perDay;
    if (minuteOpen && dayOpen) {
      minute.count += 1;
      day.count += 1;
      return {
        allowed: true,
        minute: minute.view(plan.perMinute, now),
        day: day.view(plan.perDay, now),
      };
    }
    const minuteView = minute.view(plan.perMinute, now);
    const dayView = day.view(plan.perDay, now);
    return {
      allowed: false,
      minute: minuteView,
      day: dayView,
      retryAt: Math.max(minuteOpen ? 0 : minuteView.resetAt, dayOpen ? 0 : dayView.resetAt),
    };
  }

  /** The current counters without spending anything. */
  peek(id: string, plan: Plan, now: number): { minute: WindowView; day: WindowView } {
    const { minute, day } = this.#bucket(id);
    return { minute: minute.view(plan.perMinute, now), day: day.view(plan.perDay, now) };
  }

  /** Forgets every window. */
  reset(): void {
    this.#buckets.clear();
  }
}
