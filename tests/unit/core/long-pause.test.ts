import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../../../electron/core/errors/rate-limited-error';
import { createGovernor } from '../../../electron/core/governor/governor';
import { realTiming } from '../../../electron/core/governor/timing';
import type { HttpAnswer } from '../../../electron/core/http/answer';
import { LONGEST_WAIT_MS, parseRateLimitHeaders } from '../../../electron/core/http/headers';
import { createVirtualTiming, type VirtualTiming } from './helpers/virtual-timing';

const HOUR = 60 * 60 * 1000;
// Node keeps a timer's delay in a signed 32-bit number; a longer one fires after 1 ms.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const answer = (t: VirtualTiming, status: number, headers: Record<string, string>): HttpAnswer => ({
  status,
  headers: new Headers({ date: new Date(t.now()).toUTCString(), ...headers }),
  body: status === 429 ? '{"code":"rate_limited","message":"wait","status":429}' : '[]',
  sentAt: t.now(),
  receivedAt: t.now(),
});

/** A service that answers 429 with `retryAfter` the first `times` times, then 200. */
function refusing(t: VirtualTiming, retryAfter: string, times = 1) {
  const sent: number[] = [];
  const send = async (): Promise<HttpAnswer> => {
    sent.push(t.now());
    return sent.length <= times
      ? answer(t, 429, { 'retry-after': retryAfter })
      : answer(t, 200, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' });
  };
  return { send, sent };
}

async function pausedBy(retryAfter: string, times = 1) {
  const t = createVirtualTiming(1_800_000_000_000);
  const service = refusing(t, retryAfter, times);
  const governor = createGovernor({ timing: t });
  const err = await t
    .drive(governor.run(service.send, { deadline: t.now() + 30_000 }))
    .catch((e: unknown) => e);
  return { t, service, governor, err };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a Retry-After no service could mean', () => {
  it.each([
    ['an HTTP-date in the year 9999', 'Fri, 31 Dec 9999 23:59:59 GMT'],
    ['a 400-digit number of seconds', '9'.repeat(400)],
    ['ten years in seconds', String(10 * 365 * 24 * 3600)],
  ])('pauses the key for at most a day: %s', async (_name, retryAfter) => {
    const { t, governor, err } = await pausedBy(retryAfter);
    expect(err).toBeInstanceOf(RateLimitedError);
    const until = governor.snapshot().pausedUntil;
    expect(until).not.toBeNull();
    expect(Number.isFinite(until)).toBe(true);
    expect(until!).toBeLessThanOrEqual(t.now() + LONGEST_WAIT_MS);
    expect(until!).toBeGreaterThan(t.now() + LONGEST_WAIT_MS - HOUR);
    expect((err as RateLimitedError).retryAt).toBe(until);
  });

  it('does not believe a reset time beyond a day', () => {
    const serverNow = 1_800_000_000_000;
    for (const reset of ['253402300799', '9'.repeat(400), String(serverNow * 10)]) {
      const read = parseRateLimitHeaders(
        new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }),
        serverNow,
      );
      expect(read.resetAt).toBeNull();
    }
  });

  it('never hands a timer a delay it cannot hold', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const stop = new AbortController();
    const slept = realTiming.sleep(Number.MAX_SAFE_INTEGER, stop.signal);
    const infinite = realTiming.sleep(Infinity, stop.signal);
    stop.abort();
    await Promise.all([slept, infinite]);
    const delays = spy.mock.calls.map((call) => call[1] ?? 0);
    expect(delays).toHaveLength(2);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(LONGEST_TIMER_MS);
    for (const delay of delays) expect(delay).toBeGreaterThan(HOUR);
  });
});

describe('trying again before a long pause ends', () => {
  it('lets one request go at once, and only once per pause', async () => {
    const { t, service, governor } = await pausedBy('Fri, 31 Dec 9999 23:59:59 GMT', 2);
    expect(governor.snapshot().pauseEndable).toBe(true);
    expect(governor.endPause()).toBe(true);
    expect(governor.snapshot().pausedUntil).toBeNull();

    // The service still refuses: the pause is back, and this time it is kept.
    const before = t.now();
    await t.drive(governor.run(service.send, { deadline: t.now() + 30_000 })).catch(() => null);
    expect(service.sent).toHaveLength(2);
    // At once: nothing waits out the pause the user ended (jitter aside).
    expect(service.sent[1]).toBeLessThan(before + 1_000);
    expect(governor.snapshot().pausedUntil).not.toBeNull();
    expect(governor.snapshot().pauseEndable).toBe(false);
    expect(governor.endPause()).toBe(false);
    expect(service.sent).toHaveLength(2);
  });

  it('is offered again for the next long pause once the service has answered without one', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    let refuse = true;
    const send = async (): Promise<HttpAnswer> =>
      refuse
        ? answer(t, 429, { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' })
        : answer(t, 200, {});
    const governor = createGovernor({ timing: t });
    const run = () => t.drive(governor.run(send, { deadline: t.now() + 30_000 }));
    await run().catch(() => null);
    expect(governor.endPause()).toBe(true);
    refuse = false;
    expect((await run()).status).toBe(200);
    expect(governor.snapshot()).toMatchObject({ pausedUntil: null, pauseEndable: false });
    // A new long pause, after an answer without one: it may be ended again.
    refuse = true;
    await run().catch(() => null);
    expect(governor.snapshot().pauseEndable).toBe(true);
    expect(governor.endPause()).toBe(true);
  });

  it('is not offered again by a late answer to a request sent before the pause', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const governor = createGovernor({ timing: t });
    const long = { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' };
    const window = {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-reset': '60',
    };
    await t.drive(governor.run(async () => answer(t, 200, window), { deadline: t.now() + 30_000 }));
    // Two requests out: the first is refused, the second's answer comes back late and fine.
    let releaseLate: (answer: HttpAnswer) => void = () => undefined;
    let lateSentAt = 0;
    const late = governor.run(
      () => {
        lateSentAt = t.now();
        return new Promise<HttpAnswer>((resolve) => (releaseLate = resolve));
      },
      { deadline: t.now() + 30_000 },
    );
    await t
      .drive(governor.run(async () => answer(t, 429, long), { deadline: t.now() + 30_000 }))
      .catch(() => null);
    // One of ours was out when the 429 came: it may have landed inside the wait.
    expect(governor.snapshot().pauseEndable).toBe(false);
    releaseLate({ ...answer(t, 200, {}), sentAt: lateSentAt });
    expect((await t.drive(late)).status).toBe(200);
    expect(governor.snapshot().pausedUntil).not.toBeNull();
    expect(governor.snapshot().pauseEndable).toBe(false);
    expect(governor.endPause()).toBe(false);
  });

  it('is not offered for a short pause, nor for a ban', async () => {
    const short = await pausedBy('120');
    expect(short.governor.snapshot().pauseEndable).toBe(false);
    expect(short.governor.endPause()).toBe(false);

    const t = createVirtualTiming(1_800_000_000_000);
    const governor = createGovernor({ timing: t });
    const banned = async (): Promise<HttpAnswer> => ({
      ...answer(t, 429, { 'retry-after': String(6 * 3600) }),
      body: '{"code":"key_banned","message":"banned","status":429}',
    });
    await t.drive(governor.run(banned, { deadline: t.now() + 30_000 })).catch(() => null);
    expect(governor.snapshot().pausedUntil).not.toBeNull();
    expect(governor.snapshot().pauseEndable).toBe(false);
    expect(governor.endPause()).toBe(false);
  });
});
