import { describe, expect, it } from 'vitest';
import { BACKGROUND_HELD_CODE, HELD_FOR_INTAKE_CODE } from '../../../electron/contract/errors';
import type { RequestLane } from '../../../electron/contract/pacing';
import { NetworkError } from '../../../electron/core/errors/network-error';
import { RateLimitedError } from '../../../electron/core/errors/rate-limited-error';
import { createGovernor } from '../../../electron/core/governor/governor';
import type { HttpAnswer } from '../../../electron/core/http/answer';
import { createVirtualTiming, type VirtualTiming } from './helpers/virtual-timing';

const START = 1_800_000_000_000;

/**
 * A fixed-window service on the virtual clock, `limit` per `windowMs`, that
 * records who sent what and when. Answers take 10 virtual ms.
 */
function windowService(t: VirtualTiming, limit: number, windowMs: number) {
  let start = -Infinity;
  let count = 0;
  const arrivals: Array<{ at: number; status: number; who: string }> = [];
  const sender =
    (who = '') =>
    async (): Promise<HttpAnswer> => {
      const now = t.now();
      if (now >= start + windowMs) {
        start = now;
        count = 0;
      }
      const allowed = count < limit;
      if (allowed) count += 1;
      const status = allowed ? 200 : 429;
      arrivals.push({ at: now, status, who });
      const headers = new Headers({
        date: new Date(now).toUTCString(),
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(limit - count),
        'x-ratelimit-reset': String(Math.ceil((start + windowMs) / 1000)),
      });
      if (!allowed) headers.set('retry-after', String(Math.ceil((start + windowMs - now) / 1000)));
      await t.sleep(10);
      return { status, headers, body: '', sentAt: now, receivedAt: t.now() };
    };
  return { sender, arrivals };
}

const ok = (t: VirtualTiming, headers: Record<string, string> = {}): HttpAnswer => ({
  status: 200,
  headers: new Headers({ date: new Date(t.now()).toUTCString(), ...headers }),
  body: '',
  sentAt: t.now(),
  receivedAt: t.now(),
});

const errorOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('governor lanes', () => {
  it('releases queued requests intake first, then user, then background after a spent window', async () => {
    const t = createVirtualTiming(START);
    const service = windowService(t, 20, 1000);
    const governor = createGovernor({ timing: t });
    const deadline = START + 60_000;
    await t.drive(
      Promise.all(Array.from({ length: 20 }, () => governor.run(service.sender(), { deadline }))),
    );
    expect(governor.snapshot().remaining).toBe(0);

    // Queued in the worst order: background first, intake last. The user lane
    // is the default, so those name none.
    const queued: Array<[string, RequestLane | undefined]> = [
      ['background', 'background'],
      ['user', undefined],
      ['intake', 'intake'],
      ['background', 'background'],
      ['user', undefined],
      ['intake', 'intake'],
    ];
    const runs = Promise.all(
      queued.map(([who, lane]) =>
        governor.run(service.sender(who), { deadline, ...(lane === undefined ? {} : { lane }) }),
      ),
    );
    await t.drive(runs);

    const after = service.arrivals.slice(20);
    expect(after.map((a) => a.who)).toEqual([
      'intake',
      'intake',
      'user',
      'user',
      'background',
      'background',
    ]);
    expect(after.every((a) => a.status === 200 && a.at >= START + 1000)).toBe(true);
  });

  it('holds a background request back while an intake request waits for a slot', async () => {
    const t = createVirtualTiming(START);
    // No rate-limit headers and one request at a time: the slot frees when the answer comes.
    const governor = createGovernor({ timing: t, headerlessConcurrency: 1 });
    const order: string[] = [];
    const send = (who: string) => async (): Promise<HttpAnswer> => {
      order.push(who);
      await t.sleep(100);
      return ok(t);
    };
    const deadline = START + 10_000;
    await t.drive(
      Promise.all([
        governor.run(send('user'), { deadline }),
        governor.run(send('background'), { deadline, lane: 'background' }),
        governor.run(send('intake'), { deadline, lane: 'intake' }),
      ]),
    );
    expect(order).toEqual(['user', 'intake', 'background']);
  });

  it('says a request starved by queued intake was held for it, not that the service is silent', async () => {
    const t = createVirtualTiming(START);
    const governor = createGovernor({ timing: t, headerlessConcurrency: 1 });
    // A long intake queue: each create holds the only slot for a second.
    const slow = async (): Promise<HttpAnswer> => {
      await t.sleep(1_000);
      return ok(t);
    };
    const far = START + 60_000;
    const intake = Promise.all(
      Array.from({ length: 5 }, () => governor.run(slow, { deadline: far, lane: 'intake' })),
    );
    const user = errorOf(governor.run(slow, { deadline: START + 2_500 }));
    const [, userErr] = await t.drive(Promise.all([intake, user]));
    expect(userErr).toBeInstanceOf(RateLimitedError);
    expect(userErr).toMatchObject({ code: HELD_FOR_INTAKE_CODE, status: undefined });
    expect((userErr as RateLimitedError).retryAt).toBeGreaterThan(START + 2_500);
  });

  /**
   * A governor paused for a second by a 429, on a clock whose jitter the test
   * sets before each call, so requests wake after the pause in a chosen order.
   */
  async function pausedGovernor() {
    const jitter = { random: 0.5 };
    const base = createVirtualTiming(START);
    const t: VirtualTiming = { ...base, random: () => jitter.random };
    const governor = createGovernor({ timing: t, jitterMs: 1000 });
    const sent: Array<{ who: string; at: number }> = [];
    const send = (who: string) => async (): Promise<HttpAnswer> => {
      sent.push({ who, at: t.now() });
      await t.sleep(10);
      return ok(t);
    };
    // The first call gives up at once: the pause outlasts its deadline.
    const refused = async (): Promise<HttpAnswer> => ({
      ...ok(t),
      status: 429,
      headers: new Headers({ date: new Date(t.now()).toUTCString(), 'retry-after': '1' }),
    });
    await errorOf(t.drive(governor.run(refused, { deadline: START + 500 })));
    const pausedUntil = governor.snapshot().pausedUntil!;
    expect(pausedUntil).toBeGreaterThanOrEqual(START + 1000);
    return { t, jitter, governor, send, sent, pausedUntil };
  }

  it('gives the slot to a higher lane that wakes after a lower one', async () => {
    const { t, jitter, governor, send, sent, pausedUntil } = await pausedGovernor();
    jitter.random = 0.9; // wakes 900 ms after the pause
    const intake = governor.run(send('intake'), { deadline: START + 60_000, lane: 'intake' });
    jitter.random = 0.1; // wakes 100 ms after the pause
    const user = governor.run(send('user'), { deadline: START + 60_000 });
    await t.drive(Promise.all([intake, user]));
    expect(sent.map((s) => s.who)).toEqual(['intake', 'user']);
    expect(sent[0]!.at).toBeGreaterThanOrEqual(pausedUntil + 900);
  });

  it('lets a lower lane go as soon as the higher one it waits for gives up', async () => {
    const { t, jitter, governor, send, sent, pausedUntil } = await pausedGovernor();
    const cancel = new AbortController();
    jitter.random = 0.9;
    const intake = errorOf(
      governor.run(send('intake'), {
        deadline: START + 60_000,
        lane: 'intake',
        signal: cancel.signal,
      }),
    );
    jitter.random = 0.1;
    const user = governor.run(send('user'), { deadline: START + 60_000 });
    const cancelAt = pausedUntil + 300;
    void t.sleep(cancelAt - t.now()).then(() => cancel.abort());
    const [intakeErr] = await t.drive(Promise.all([intake, user]));
    expect(intakeErr).toBeInstanceOf(NetworkError);
    expect(sent).toEqual([{ who: 'user', at: cancelAt }]);
  });

  it('never lets background take the last half of a window', async () => {
    const t = createVirtualTiming(START);
    const service = windowService(t, 10, 60_000);
    const governor = createGovernor({ timing: t });
    const deadline = START + 5_000;
    const results = await t.drive(
      Promise.allSettled(
        Array.from({ length: 10 }, () =>
          governor.run(service.sender('background'), { deadline, lane: 'background' }),
        ),
      ),
    );
    expect(service.arrivals).toHaveLength(5);
    expect(governor.snapshot().remaining).toBe(5);

    // Held, not failed: told when it could go, which is the next window.
    const resetAt = governor.snapshot().resetAt!;
    const held = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(held).toHaveLength(5);
    for (const err of held) {
      expect(err).toBeInstanceOf(RateLimitedError);
      expect((err as RateLimitedError).code).toBe(BACKGROUND_HELD_CODE);
      expect((err as RateLimitedError).retryAt).toBeGreaterThanOrEqual(resetAt);
      expect((err as RateLimitedError).retryAt).toBeLessThan(resetAt + 1000);
    }

    // The half left is intake's.
    const intake = await t.drive(
      Promise.all(
        Array.from({ length: 5 }, () =>
          governor.run(service.sender('intake'), { deadline, lane: 'intake' }),
        ),
      ),
    );
    expect(intake.every((a) => a.status === 200)).toBe(true);
    expect(service.arrivals.filter((a) => a.status === 429)).toHaveLength(0);
  });

  it('sends held background work in the next window when its deadline allows', async () => {
    const t = createVirtualTiming(START);
    const service = windowService(t, 10, 60_000);
    const governor = createGovernor({ timing: t });
    const answers = await t.drive(
      Promise.all(
        Array.from({ length: 8 }, () =>
          governor.run(service.sender('background'), {
            deadline: START + 120_000,
            lane: 'background',
          }),
        ),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const firstWindow = service.arrivals.filter((a) => a.at < START + 60_000);
    expect(firstWindow).toHaveLength(5);
    expect(service.arrivals).toHaveLength(8);
  });

  it('reports a window spent by everyone as such, not as background held', async () => {
    const t = createVirtualTiming(START);
    const service = windowService(t, 4, 60_000);
    const governor = createGovernor({ timing: t });
    const deadline = START + 5_000;
    await t.drive(
      Promise.all(Array.from({ length: 4 }, () => governor.run(service.sender(), { deadline }))),
    );
    const err = await errorOf(
      t.drive(governor.run(service.sender(), { deadline, lane: 'background' })),
    );
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).code).toBeUndefined();
  });

  it('keeps every lane out of a Retry-After pause', async () => {
    const t = createVirtualTiming(START);
    const sent: Array<{ who: string; at: number }> = [];
    const send = (who: string) => async (): Promise<HttpAnswer> => {
      sent.push({ who, at: t.now() });
      if (sent.length === 1) {
        return {
          ...ok(t),
          status: 429,
          headers: new Headers({ date: new Date(t.now()).toUTCString(), 'retry-after': '3' }),
        };
      }
      return ok(t);
    };
    const governor = createGovernor({ timing: t });
    const deadline = START + 30_000;
    await t.drive(
      Promise.all([
        governor.run(send('background'), { deadline, lane: 'background' }),
        governor.run(send('intake'), { deadline, lane: 'intake' }),
        governor.run(send('user'), { deadline }),
      ]),
    );
    expect(sent).toHaveLength(4);
    expect(sent.slice(1).every((s) => s.at >= START + 3000)).toBe(true);
    // After the pause, intake learns the new window first.
    expect(sent[1]!.who).toBe('intake');
  });
});
