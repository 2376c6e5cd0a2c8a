import { describe, expect, it } from 'vitest';
import { MOST_ON_THE_WIRE } from '../../../electron/contract/pacing';
import { BannedError } from '../../../electron/core/errors/banned-error';
import { NetworkError } from '../../../electron/core/errors/network-error';
import { RateLimitedError } from '../../../electron/core/errors/rate-limited-error';
import { ServerError } from '../../../electron/core/errors/server-error';
import { createGovernor } from '../../../electron/core/governor/governor';
import type { HttpAnswer } from '../../../electron/core/http/answer';
import { createGovernorRegistry } from '../../../electron/core/governor/registry';
import { createVirtualTiming, type VirtualTiming } from './helpers/virtual-timing';

/**
 * A fixed-window service on the virtual clock: `limit` per `windowMs`, 429 with
 * Retry-After beyond it. Records when each request arrived. Pure logic only;
 * the real thing is tested over HTTP in client-http.test.ts.
 */
function windowService(t: VirtualTiming, limit: number, windowMs: number) {
  let start = -Infinity;
  let count = 0;
  const arrivals: Array<{ at: number; status: number }> = [];
  const send = async (): Promise<HttpAnswer> => {
    const now = t.now();
    if (now >= start + windowMs) {
      start = now;
      count = 0;
    }
    const allowed = count < limit;
    if (allowed) count += 1;
    const status = allowed ? 200 : 429;
    arrivals.push({ at: now, status });
    const headers = new Headers({
      date: new Date(now).toUTCString(),
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - count),
      'x-ratelimit-reset': String(Math.ceil((start + windowMs) / 1000)),
    });
    if (!allowed) headers.set('retry-after', String(Math.ceil((start + windowMs - now) / 1000)));
    // The answer takes 10 virtual ms to arrive.
    await t.sleep(10);
    return { status, headers, body: '', sentAt: now, receivedAt: t.now() };
  };
  return { send, arrivals };
}

const at = (t: VirtualTiming, status: number, headers: Record<string, string>, body = '') => ({
  status,
  headers: new Headers({ date: new Date(t.now()).toUTCString(), ...headers }),
  body,
  sentAt: t.now(),
  receivedAt: t.now(),
});

describe('governor pacing', () => {
  it('sends one probe first, then paces a burst so no window is exceeded', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = windowService(t, 5, 1000);
    const governor = createGovernor({ timing: t });
    const deadline = t.now() + 60_000;
    const all = Promise.all(
      Array.from({ length: 20 }, () => governor.run(service.send, { deadline })),
    );
    const answers = await t.drive(all);

    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(service.arrivals.filter((a) => a.status === 429)).toHaveLength(0);
    expect(service.arrivals).toHaveLength(20);
    // Before the first answer only the probe was out.
    expect(service.arrivals[1]!.at).toBeGreaterThan(service.arrivals[0]!.at);
  });

  it(`never has more than ${MOST_ON_THE_WIRE} requests of one key on the wire, however much the window has left`, async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = windowService(t, 1_000, 60_000);
    let out = 0;
    let most = 0;
    const counted = async (): Promise<HttpAnswer> => {
      most = Math.max(most, (out += 1));
      try {
        return await service.send();
      } finally {
        out -= 1;
      }
    };
    const governor = createGovernor({ timing: t });
    const deadline = t.now() + 60_000;
    const lanes = ['intake', 'user', 'background'] as const;
    const all = Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        governor.run(counted, { deadline, lane: lanes[i % 3] ?? 'user' }),
      ),
    );
    await t.drive(all);

    expect(service.arrivals).toHaveLength(30);
    expect(most).toBe(MOST_ON_THE_WIRE);
  });

  it('refuses with RateLimitedError and retryAt when the window resets after the deadline', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = windowService(t, 2, 60_000);
    const governor = createGovernor({ timing: t });
    const deadline = t.now() + 5_000;
    await t.drive(governor.run(service.send, { deadline }));
    await t.drive(governor.run(service.send, { deadline }));
    const third = t.drive(governor.run(service.send, { deadline }));
    await expect(third).rejects.toBeInstanceOf(RateLimitedError);
    const err = (await third.catch((e: unknown) => e)) as RateLimitedError;
    expect(err.retryAt).toBeGreaterThan(deadline);
    expect(service.arrivals).toHaveLength(2);
  });

  it('reports its state in snapshots', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = windowService(t, 5, 1000);
    const governor = createGovernor({ timing: t });
    await t.drive(governor.run(service.send, { deadline: t.now() + 10_000 }));
    expect(governor.snapshot()).toMatchObject({ limit: 5, remaining: 4, pausedUntil: null });
    expect(governor.snapshot().resetAt).toBeGreaterThan(t.now());
  });

  it('says the window is shared once the headers show requests that were not its own', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const reset = String(Math.ceil((t.now() + 60_000) / 1000));
    let remaining = 100;
    // Another desk spends three between each of our requests.
    const send = async (): Promise<HttpAnswer> => {
      const answer = at(t, 200, {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': String((remaining -= 1)),
        'x-ratelimit-reset': reset,
      });
      remaining -= 3;
      return answer;
    };
    const governor = createGovernor({ timing: t });
    await t.drive(governor.run(send, { deadline: t.now() + 10_000 }));
    expect(governor.snapshot()).toMatchObject({ remaining: 99, shared: false });
    await t.drive(governor.run(send, { deadline: t.now() + 10_000 }));
    expect(governor.snapshot()).toMatchObject({ remaining: 95, shared: true });
  });

  it('in a window others spend from, sends one create of ours at a time, reads beside it', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const reset = String(Math.ceil((t.now() + 60_000) / 1000));
    let remaining = 1_000;
    let out = 0;
    const creates: number[] = [];
    let readsBesideCreate = 0;
    // Another desk spends three between each of our requests; each answer takes 100 ms.
    const send = (kind: 'create' | 'read') => async (): Promise<HttpAnswer> => {
      if (kind === 'create') creates.push((out += 1));
      else if (out > 0) readsBesideCreate += 1;
      const sentAt = t.now();
      await t.sleep(100);
      if (kind === 'create') out -= 1;
      remaining -= 4;
      return {
        status: 200,
        headers: new Headers({
          date: new Date(t.now()).toUTCString(),
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': String(remaining),
          'x-ratelimit-reset': reset,
        }),
        body: '',
        sentAt,
        receivedAt: t.now(),
      };
    };
    const governor = createGovernor({ timing: t });
    const deadline = t.now() + 30_000;
    await t.drive(governor.run(send('create'), { deadline, lane: 'intake' }));
    await t.drive(governor.run(send('create'), { deadline, lane: 'intake' }));
    expect(governor.snapshot().shared).toBe(true);

    creates.length = 0;
    const many = Promise.all([
      ...Array.from({ length: 6 }, () =>
        governor.run(send('create'), { deadline, lane: 'intake' }),
      ),
      ...Array.from({ length: 3 }, () => governor.run(send('read'), { deadline, lane: 'user' })),
    ]);
    await t.drive(many);

    expect(creates).toEqual([1, 1, 1, 1, 1, 1]);
    expect(readsBesideCreate).toBeGreaterThan(0);
  });
});

describe('governor on 429', () => {
  it('waits out Retry-After (seconds) for every request and sends nothing inside it', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const start = t.now();
    const sent: number[] = [];
    let first = true;
    const send = async (): Promise<HttpAnswer> => {
      sent.push(t.now());
      if (first) {
        first = false;
        return at(
          t,
          429,
          { 'retry-after': '3' },
          '{"code":"rate_limited","message":"x","status":429}',
        );
      }
      return at(t, 200, {});
    };
    const governor = createGovernor({ timing: t, jitterMs: 100 });
    const runs = Promise.all([1, 2, 3].map(() => governor.run(send, { deadline: start + 30_000 })));
    await t.drive(runs);
    expect(sent[0]).toBe(start);
    expect(sent.slice(1).every((s) => s >= start + 3000)).toBe(true);
    expect(sent).toHaveLength(4);
  });

  it('reads Retry-After as an HTTP-date, corrected by the Date header', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const start = t.now();
    // The server's clock runs one hour ahead of ours.
    const serverNow = start + 3_600_000;
    const sent: number[] = [];
    const send = async (): Promise<HttpAnswer> => {
      sent.push(t.now());
      if (sent.length > 1) return at(t, 200, {});
      return {
        status: 429,
        headers: new Headers({
          date: new Date(serverNow).toUTCString(),
          'retry-after': new Date(serverNow + 5000).toUTCString(),
        }),
        body: 'slow down',
        sentAt: start,
        receivedAt: start,
      };
    };
    const governor = createGovernor({ timing: t, jitterMs: 0 });
    await t.drive(governor.run(send, { deadline: start + 60_000 }));
    expect(sent[1]! - start).toBeGreaterThanOrEqual(5000);
    expect(sent[1]! - start).toBeLessThan(6100);
  });

  it('falls back to the reset time, then to capped backoff, when Retry-After is absent', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const start = t.now();
    const sent: number[] = [];
    const send = async (): Promise<HttpAnswer> => {
      sent.push(t.now());
      if (sent.length === 1) {
        return at(t, 429, {
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil((start + 4000) / 1000)),
        });
      }
      if (sent.length === 2) return at(t, 429, {});
      return at(t, 200, {});
    };
    const governor = createGovernor({
      timing: t,
      jitterMs: 0,
      rateLimitBackoff: { baseMs: 1000, capMs: 8000 },
    });
    await t.drive(governor.run(send, { deadline: start + 60_000 }));
    expect(sent[1]! - start).toBeGreaterThanOrEqual(4000);
    // No hints at all: at least the backoff base.
    expect(sent[2]! - sent[1]!).toBeGreaterThanOrEqual(1000);
  });

  it('turns key_banned into BannedError with retryAt, sending nothing more', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    let calls = 0;
    const send = async (): Promise<HttpAnswer> => {
      calls += 1;
      return at(
        t,
        429,
        { 'retry-after': '600' },
        '{"code":"key_banned","message":"b","status":429}',
      );
    };
    const governor = createGovernor({ timing: t });
    const run = t.drive(governor.run(send, { deadline: t.now() + 30_000 }));
    const err = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BannedError);
    expect((err as BannedError).retryAt).toBeGreaterThanOrEqual(t.now() + 590_000);
    expect(calls).toBe(1);
    await expect(
      t.drive(governor.run(send, { deadline: t.now() + 30_000 })),
    ).rejects.toBeInstanceOf(BannedError);
    expect(calls).toBe(1);
    expect(governor.snapshot().pausedUntil).not.toBeNull();
  });
});

describe('governor on 429 hints that would not wait', () => {
  /** 429s with `retryAfter` for the first `times` attempts, then 200; records when each was sent. */
  const rejecting = (t: VirtualTiming, times: number, retryAfter: () => string) => {
    const sent: number[] = [];
    const send = async (): Promise<HttpAnswer> => {
      sent.push(t.now());
      if (sent.length > times) return at(t, 200, {});
      return at(t, 429, { 'retry-after': retryAfter() });
    };
    return { send, sent };
  };

  it('still backs off when Retry-After is 0', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = rejecting(t, 3, () => '0');
    const governor = createGovernor({
      timing: t,
      jitterMs: 0,
      rateLimitBackoff: { baseMs: 1000, capMs: 8000 },
    });
    await t.drive(governor.run(service.send, { deadline: t.now() + 60_000 }));
    expect(service.sent).toHaveLength(4);
    const gaps = service.sent.slice(1).map((s, i) => s - service.sent[i]!);
    expect(gaps.every((gap) => gap >= 1000)).toBe(true);
  });

  it('still backs off when Retry-After is an HTTP-date in the past', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = rejecting(t, 3, () => new Date(t.now() - 60_000).toUTCString());
    const governor = createGovernor({
      timing: t,
      jitterMs: 0,
      rateLimitBackoff: { baseMs: 500, capMs: 8000 },
    });
    await t.drive(governor.run(service.send, { deadline: t.now() + 60_000 }));
    expect(service.sent).toHaveLength(4);
    const gaps = service.sent.slice(1).map((s, i) => s - service.sent[i]!);
    expect(gaps.every((gap) => gap >= 500)).toBe(true);
  });

  it('does not wake before the deadline of a server whose clock is 800 ms behind', async () => {
    const t = createVirtualTiming(1_800_000_000_900);
    const behindMs = 800;
    const serverClock = (): number => t.now() - behindMs;
    // The server's own deadline, on its clock: a whole second, as an HTTP-date carries it.
    const serverDeadline = Math.ceil((serverClock() + 3000) / 1000) * 1000;
    const arrivals: number[] = [];
    const send = async (): Promise<HttpAnswer> => {
      const sentAt = t.now();
      arrivals.push(serverClock());
      const status = serverClock() < serverDeadline ? 429 : 200;
      const headers = new Headers({ date: new Date(serverClock()).toUTCString() });
      if (status === 429) headers.set('retry-after', new Date(serverDeadline).toUTCString());
      await t.sleep(20);
      return { status, headers, body: '', sentAt, receivedAt: t.now() };
    };
    const governor = createGovernor({ timing: t, jitterMs: 0 });
    const done = await t.drive(governor.run(send, { deadline: t.now() + 60_000 }));
    expect(done.status).toBe(200);
    // Exactly one 429: the retry reached the server after its deadline.
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]).toBeGreaterThanOrEqual(serverDeadline);
  });
});

describe('governor registry', () => {
  it('lets the smaller daily plan win when two profiles share a key', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const registry = createGovernorRegistry({ timing: t });
    const send = async (): Promise<HttpAnswer> => at(t, 200, {});
    const first = registry.governorFor('https://api.example.org', 'k', { dailyLimit: 100 });
    await t.drive(first.run(send, { deadline: t.now() + 1000 }));
    const second = registry.governorFor('https://api.example.org', 'k', { dailyLimit: 3 });
    expect(second).toBe(first);
    expect(second.snapshot()).toMatchObject({ dailyLimit: 3, dailyRemaining: 2 });
    // A larger plan does not loosen it again.
    registry.governorFor('https://api.example.org', 'k', { dailyLimit: 1000 });
    expect(first.snapshot()).toMatchObject({ dailyLimit: 3, dailyRemaining: 2 });
    await t.drive(first.run(send, { deadline: t.now() + 1000 }));
    await t.drive(first.run(send, { deadline: t.now() + 1000 }));
    await expect(t.drive(first.run(send, { deadline: t.now() + 1000 }))).rejects.toBeInstanceOf(
      RateLimitedError,
    );
  });
});

describe('governor retries', () => {
  const flaky = (t: ReturnType<typeof createVirtualTiming>, sent: number[]) => async () => {
    sent.push(t.now());
    if (sent.length % 2 === 0) throw new NetworkError('dropped', { outcomeUnknown: true });
    return at(t, 503, {}, '{"code":"server_error","message":"down","status":503}');
  };

  it('retries 5xx and network errors a few times, then throws the last error with retryAt', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const start = t.now();
    const sent: number[] = [];
    const governor = createGovernor({
      timing: t,
      retryBackoff: { baseMs: 100, capMs: 1000 },
      transientRetries: 3,
    });
    const err = await t
      .drive(governor.run(flaky(t, sent), { deadline: start + 60_000 }))
      .catch((e) => e);
    expect([ServerError, NetworkError].some((c) => err instanceof c)).toBe(true);
    // One attempt plus three retries, and the caller learns when to try again.
    expect(sent).toHaveLength(4);
    expect((err as ServerError).retryAt).toBeGreaterThanOrEqual(sent[3] ?? Infinity);
  });

  it('never retries past the deadline', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const start = t.now();
    const sent: number[] = [];
    const governor = createGovernor({
      timing: t,
      retryBackoff: { baseMs: 100, capMs: 1000 },
      transientRetries: Number.POSITIVE_INFINITY,
    });
    const err = await t
      .drive(governor.run(flaky(t, sent), { deadline: start + 5000 }))
      .catch((e) => e);
    expect([ServerError, NetworkError].some((c) => err instanceof c)).toBe(true);
    expect((err as ServerError).retryAt).toBeGreaterThanOrEqual(start + 5000 - 1000);
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.every((s) => s < start + 5000)).toBe(true);
  });

  it('retries a 409 only when asked to', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    let calls = 0;
    const send = async (): Promise<HttpAnswer> => {
      calls += 1;
      return at(t, calls < 3 ? 409 : 201, {});
    };
    const governor = createGovernor({ timing: t });
    const done = await t.drive(
      governor.run(send, { deadline: t.now() + 30_000, retryConflict: true }),
    );
    expect(done.status).toBe(201);
    expect(calls).toBe(3);
    const once = await t.drive(
      governor.run(async () => at(t, 409, {}), { deadline: t.now() + 30_000 }),
    );
    expect(once.status).toBe(409);
  });

  it('refuses when the daily budget from the plan is spent', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const governor = createGovernor({ timing: t, dailyLimit: 2, dailyWindowMs: 3_600_000 });
    let calls = 0;
    const send = async (): Promise<HttpAnswer> => {
      calls += 1;
      return at(t, 200, {});
    };
    await t.drive(governor.run(send, { deadline: t.now() + 1000 }));
    await t.drive(governor.run(send, { deadline: t.now() + 1000 }));
    const err = await t.drive(governor.run(send, { deadline: t.now() + 1000 })).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAt).toBeGreaterThan(t.now());
    expect(calls).toBe(2);
    expect(governor.snapshot()).toMatchObject({ dailyLimit: 2, dailyRemaining: 0 });
  });
});
