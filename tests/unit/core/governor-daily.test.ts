import { describe, expect, it } from 'vitest';
import { BACKGROUND_DAILY_SHARE, type RequestLane } from '../../../electron/contract/pacing';
import { BACKGROUND_HELD_CODE } from '../../../electron/contract/errors';
import { RateLimitedError } from '../../../electron/core/errors/rate-limited-error';
import { DailyBudget } from '../../../electron/core/governor/daily-budget';
import { createGovernor, type Governor } from '../../../electron/core/governor/governor';
import { dailyLimitForPlan } from '../../../electron/core/governor/plans';
import { createGovernorRegistry } from '../../../electron/core/governor/registry';
import type { HttpAnswer } from '../../../electron/core/http/answer';
import { createVirtualTiming, type VirtualTiming } from './helpers/virtual-timing';

const START = 1_800_000_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Background requests a day with `remaining` left allows once background spent `spent`. */
function backgroundRequestsLeftToday(remaining: number | null, spent: number): number | null {
  const day = new DailyBudget(remaining ?? undefined, DAY_MS);
  day.backgroundSpent = spent;
  return day.backgroundLeft(0, 0);
}

/** A service answering 200 with `headers`; counts the calls. */
function fixedService(t: VirtualTiming, headers: () => Record<string, string> = () => ({})) {
  const calls: RequestLane[] = [];
  const sender =
    (lane: RequestLane = 'user') =>
    async (): Promise<HttpAnswer> => {
      calls.push(lane);
      return {
        status: 200,
        headers: new Headers({ date: new Date(t.now()).toUTCString(), ...headers() }),
        body: '',
        sentAt: t.now(),
        receivedAt: t.now(),
      };
    };
  return { sender, calls };
}

/** Runs one request in `lane` to completion on the virtual clock. */
const runIn = (
  t: VirtualTiming,
  governor: Governor,
  send: () => Promise<HttpAnswer>,
  lane: RequestLane,
  deadlineMs = 1000,
): Promise<HttpAnswer> => t.drive(governor.run(send, { deadline: t.now() + deadlineMs, lane }));

const errorOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('daily budget by plan', () => {
  it('knows the plans of the specification, and nothing of other limits', () => {
    expect(dailyLimitForPlan(60)).toBe(1_000);
    expect(dailyLimitForPlan(300)).toBe(10_000);
    expect(dailyLimitForPlan(1_000)).toBe(100_000);
    expect(dailyLimitForPlan(42)).toBeNull();
    expect(dailyLimitForPlan(0)).toBeNull();
  });

  it('infers the day from X-RateLimit-Limit and counts its own sends against it', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t });
    expect(governor.snapshot()).toMatchObject({
      dailyLimit: null,
      dailyRemaining: null,
      dailyResetAt: null,
      dailySource: null,
    });
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': '300' }));
    await runIn(t, governor, service.sender(), 'user');
    expect(governor.snapshot()).toMatchObject({
      limit: 300,
      dailyLimit: 10_000,
      dailyRemaining: 9_999,
      dailyResetAt: START + DAY_MS,
      dailySource: 'plan',
    });
  });

  it.each([
    [60, 1_000],
    [1_000, 100_000],
  ])('infers %i per minute as %i per day', async (perMinute, perDay) => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t });
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': String(perMinute) }));
    await runIn(t, governor, service.sender(), 'user');
    expect(governor.snapshot()).toMatchObject({ dailyLimit: perDay, dailySource: 'plan' });
  });

  it('infers nothing from a limit no plan has', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t });
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': '42' }));
    await runIn(t, governor, service.sender(), 'background');
    expect(governor.snapshot()).toMatchObject({
      limit: 42,
      dailyLimit: null,
      dailyRemaining: null,
      dailyResetAt: null,
      dailySource: null,
    });
    expect(governor.snapshot()).toMatchObject({ backgroundRemaining: null, dailyResetAt: null });
  });

  it("prefers the service's daily headers to the plan", async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t });
    const dailyReset = Math.floor((START + 3 * 3_600_000) / 1000);
    const service = fixedService(t, () => ({
      'x-ratelimit-limit': '60',
      'x-ratelimit-daily-limit': '5000',
      'x-ratelimit-daily-remaining': '4321',
      'x-ratelimit-daily-reset': String(dailyReset),
    }));
    await runIn(t, governor, service.sender(), 'user');
    expect(governor.snapshot()).toMatchObject({
      dailyLimit: 5_000,
      dailyRemaining: 4_321,
      dailyResetAt: dailyReset * 1000,
      dailySource: 'service',
    });
  });

  it('prefers the setting to the plan, even a larger one given later', async () => {
    const t = createVirtualTiming(START);
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': '60' }));
    const configured = createGovernor({ timing: t, dailyLimit: 500 });
    await runIn(t, configured, service.sender(), 'user');
    expect(configured.snapshot()).toMatchObject({
      dailyLimit: 500,
      dailyRemaining: 499,
      dailySource: 'setting',
    });

    // A governor first created without a setting, then given one by another profile.
    const registry = createGovernorRegistry({ timing: t });
    const inferred = registry.governorFor('https://api.example.org', 'k');
    await runIn(t, inferred, service.sender(), 'user');
    expect(inferred.snapshot()).toMatchObject({ dailyLimit: 1_000, dailySource: 'plan' });
    registry.governorFor('https://api.example.org', 'k', { dailyLimit: 5_000 });
    expect(inferred.snapshot()).toMatchObject({
      dailyLimit: 5_000,
      dailyRemaining: 4_999,
      dailySource: 'setting',
    });
  });

  it('follows a change of plan and keeps what was spent', async () => {
    const t = createVirtualTiming(START);
    let perMinute = '60';
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': perMinute }));
    const governor = createGovernor({ timing: t });
    await runIn(t, governor, service.sender(), 'user');
    await runIn(t, governor, service.sender(), 'user');
    perMinute = '300';
    await runIn(t, governor, service.sender(), 'user');
    expect(governor.snapshot()).toMatchObject({ dailyLimit: 10_000, dailyRemaining: 9_997 });
  });

  it('never refuses intake or user requests on an inferred day, only holds background', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t });
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': '60' }));
    for (let i = 0; i < 1_000; i += 1) await runIn(t, governor, service.sender('intake'), 'intake');
    expect(governor.snapshot()).toMatchObject({
      dailyLimit: 1_000,
      dailyRemaining: 0,
      dailySource: 'plan',
    });

    // Our count may be wrong (other desks, a day that began elsewhere): the service decides.
    expect((await runIn(t, governor, service.sender('intake'), 'intake')).status).toBe(200);
    expect((await runIn(t, governor, service.sender('user'), 'user')).status).toBe(200);
    const err = await errorOf(runIn(t, governor, service.sender('background'), 'background'));
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).code).toBe(BACKGROUND_HELD_CODE);
    expect((err as RateLimitedError).retryAt).toBe(governor.snapshot().dailyResetAt);
    expect(service.calls).toHaveLength(1_002);
    expect(service.calls).not.toContain('background');
  });

  it('still refuses every lane once a stated day is spent', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t, dailyLimit: 2 });
    const service = fixedService(t, () => ({ 'x-ratelimit-limit': '60' }));
    await runIn(t, governor, service.sender(), 'intake');
    await runIn(t, governor, service.sender(), 'intake');
    for (const lane of ['intake', 'user', 'background'] as const) {
      const err = await errorOf(runIn(t, governor, service.sender(lane), lane));
      expect(err).toBeInstanceOf(RateLimitedError);
      expect((err as RateLimitedError).code).toBeUndefined();
    }
    expect(service.calls).toHaveLength(2);
  });
});

describe("background's share of the day", () => {
  it('is a quarter of what is left, counting what background already spent', () => {
    expect(BACKGROUND_DAILY_SHARE).toBe(0.25);
    expect(backgroundRequestsLeftToday(null, 0)).toBeNull();
    expect(backgroundRequestsLeftToday(20, 0)).toBe(5);
    expect(backgroundRequestsLeftToday(17, 3)).toBe(2);
    expect(backgroundRequestsLeftToday(15, 5)).toBe(0);
    expect(backgroundRequestsLeftToday(10, 0)).toBe(3);
    expect(backgroundRequestsLeftToday(1, 0)).toBe(1);
    expect(backgroundRequestsLeftToday(0, 0)).toBe(0);
  });

  it('agrees with the rule the governor states, send by send', () => {
    for (let remaining = 0; remaining <= 60; remaining += 1) {
      for (let spent = 0; spent <= 20; spent += 1) {
        let r = remaining;
        let s = spent;
        let sends = 0;
        while (r > 0 && s < BACKGROUND_DAILY_SHARE * (r + s)) {
          r -= 1;
          s += 1;
          sends += 1;
        }
        expect(backgroundRequestsLeftToday(remaining, spent)).toBe(sends);
      }
    }
  });

  it('holds background once its share is spent, lets intake go, and starts over with the day', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t, dailyLimit: 20, dailyWindowMs: 3_600_000 });
    const service = fixedService(t);
    expect(governor.snapshot()).toMatchObject({ backgroundRemaining: 5, dailyResetAt: null });
    for (let i = 0; i < 5; i += 1)
      await runIn(t, governor, service.sender('background'), 'background');
    expect(governor.snapshot()).toMatchObject({
      backgroundRemaining: 0,
      dailyResetAt: START + 3_600_000,
    });

    const err = await errorOf(runIn(t, governor, service.sender('background'), 'background'));
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).code).toBe(BACKGROUND_HELD_CODE);
    expect((err as RateLimitedError).retryAt).toBe(START + 3_600_000);
    expect((await runIn(t, governor, service.sender('intake'), 'intake')).status).toBe(200);
    expect(service.calls).toEqual([...Array<RequestLane>(5).fill('background'), 'intake']);
    expect(governor.snapshot()).toMatchObject({ dailyRemaining: 14, dailySource: 'setting' });

    t.advance(3_600_000);
    expect(governor.snapshot()).toMatchObject({ backgroundRemaining: 5, dailyResetAt: null });
    expect((await runIn(t, governor, service.sender('background'), 'background')).status).toBe(200);
    expect(governor.snapshot().backgroundRemaining).toBe(4);
  });

  it('shrinks as intake spends the day', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t, dailyLimit: 20 });
    const service = fixedService(t);
    for (let i = 0; i < 10; i += 1) await runIn(t, governor, service.sender('intake'), 'intake');
    expect(governor.snapshot().backgroundRemaining).toBe(3);
    for (let i = 0; i < 3; i += 1)
      await runIn(t, governor, service.sender('background'), 'background');
    const err = await errorOf(runIn(t, governor, service.sender('background'), 'background'));
    expect((err as RateLimitedError).code).toBe(BACKGROUND_HELD_CODE);
  });

  it('counts background requests in flight against the share', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t, dailyLimit: 20 });
    // A window far from spent, so only the day's share keeps background from a burst.
    let sent = 0;
    const slow = async (): Promise<HttpAnswer> => {
      sent += 1;
      const sentAt = t.now();
      await t.sleep(100);
      return {
        status: 200,
        headers: new Headers({
          date: new Date(sentAt).toUTCString(),
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': String(5000 - sent),
          'x-ratelimit-reset': String((START + 60_000) / 1000),
        }),
        body: '',
        sentAt,
        receivedAt: t.now(),
      };
    };
    const results = await t.drive(
      Promise.allSettled(
        Array.from({ length: 8 }, () =>
          governor.run(slow, { deadline: START + 1000, lane: 'background' }),
        ),
      ),
    );
    expect(sent).toBe(5);
    const held = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(held.map((err) => (err as RateLimitedError).code)).toEqual(
      Array<string>(3).fill(BACKGROUND_HELD_CODE),
    );
  });

  it("takes the share of the service's own daily figures", async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t });
    let remaining = 8;
    const service = fixedService(t, () => ({
      'x-ratelimit-daily-limit': '100',
      'x-ratelimit-daily-remaining': String((remaining -= 1)),
      'x-ratelimit-daily-reset': String((START + DAY_MS) / 1000),
    }));
    // The first answer says 7 are left after it: a quarter of the 8 is 2.
    await runIn(t, governor, service.sender('background'), 'background');
    expect(governor.snapshot()).toMatchObject({ dailyRemaining: 7, dailySource: 'service' });
    await runIn(t, governor, service.sender('background'), 'background');
    const err = await errorOf(runIn(t, governor, service.sender('background'), 'background'));
    expect((err as RateLimitedError).code).toBe(BACKGROUND_HELD_CODE);
    expect((err as RateLimitedError).retryAt).toBe(START + DAY_MS);
    expect(service.calls).toHaveLength(2);
  });

  it('sends held background work when the day starts over before its deadline', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t, dailyLimit: 4, dailyWindowMs: 10_000 });
    const sentAt: number[] = [];
    const service = fixedService(t);
    const send = service.sender('background');
    const timed = async (): Promise<HttpAnswer> => {
      sentAt.push(t.now());
      return send();
    };
    await runIn(t, governor, timed, 'background');
    expect(governor.snapshot().backgroundRemaining).toBe(0);
    expect((await runIn(t, governor, timed, 'background', 30_000)).status).toBe(200);
    expect(sentAt[1]).toBeGreaterThanOrEqual(START + 10_000);
  });
});
