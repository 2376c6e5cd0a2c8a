import { describe, expect, it } from 'vitest';
import type { ReferenceService } from '../../../server/index';
import { call, json, manualClock, useServices, PRO_KEY } from './support';

const serve = useServices();
const tiny = (perMinute: number, perDay = 1_000) => ({
  tiny: { name: 'Tiny', perMinute, perDay },
});

/** Sends until the key is refused. */
async function exhaust(service: ReferenceService, key: string) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await call(service, 'GET', '/pets', { key });
    if (response.status === 429) return response;
  }
  throw new Error('never rate limited');
}

describe('rate-limit headers', () => {
  it('are on every response: 200, 201, 400, 401, 404, 429', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 2,
      keys: { ...tiny(6), [PRO_KEY]: { name: 'Pro', perMinute: 300, perDay: 10_000 } },
      dailyHeaders: true,
      now: clock.now,
    });
    const start = clock.now();
    const responses = [
      await call(service, 'GET', '/pets', { key: 'tiny' }),
      await call(service, 'POST', '/pets', { key: 'tiny', json: { name: 'A', categoryId: 1 } }),
      await call(service, 'GET', '/pets?limit=0', { key: 'tiny' }),
      await call(service, 'GET', '/pets', { key: null }),
      await call(service, 'GET', '/pets/99', { key: 'tiny' }),
    ];
    responses.push(await exhaust(service, 'tiny'));
    expect(responses.map((response) => response.status)).toEqual([200, 201, 400, 401, 404, 429]);
    for (const response of responses) {
      const limit = Number(response.headers.get('x-ratelimit-limit'));
      const remaining = Number(response.headers.get('x-ratelimit-remaining'));
      const reset = Number(response.headers.get('x-ratelimit-reset'));
      expect(
        Number.isInteger(limit) && Number.isInteger(remaining) && Number.isInteger(reset),
      ).toBe(true);
      expect(remaining).toBeLessThanOrEqual(limit);
      // Every window opened at the first request, so it ends one minute after it.
      expect(reset).toBe(start / 1000 + 60);
      expect(Number(response.headers.get('x-ratelimit-daily-reset'))).toBe(start / 1000 + 86_400);
      expect(response.headers.get('date')).toBe(new Date(start).toUTCString());
    }
    expect(responses[0]?.headers.get('x-ratelimit-limit')).toBe('6');
    expect(responses[0]?.headers.get('x-ratelimit-remaining')).toBe('5');
    expect(responses[1]?.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(responses[3]?.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('report the daily budget with the daily-headers extension', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: tiny(10, 500),
      dailyHeaders: true,
      now: clock.now,
    });
    const responses = [
      await call(service, 'GET', '/pets', { key: 'tiny' }),
      await call(service, 'GET', '/pets', { key: null }),
    ];
    expect(responses[0]?.headers.get('x-ratelimit-daily-limit')).toBe('500');
    expect(responses[0]?.headers.get('x-ratelimit-daily-remaining')).toBe('499');
    expect(responses[0]?.headers.get('x-ratelimit-daily-reset')).toBe(
      String(clock.now() / 1000 + 86_400),
    );
    // The anonymous bucket of 401s has the Free plan's numbers.
    expect(responses[1]?.headers.get('x-ratelimit-daily-limit')).toBe('1000');
  });

  it('leave the daily budget out by default, as the specification shows no such headers', async () => {
    const service = await serve({ seed: 1, keys: tiny(1, 500) });
    const responses = [
      await call(service, 'GET', '/pets', { key: 'tiny' }),
      await call(service, 'GET', '/pets', { key: null }),
      await exhaust(service, 'tiny'),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 401, 429]);
    for (const response of responses) {
      expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
      const daily = [...response.headers.keys()].filter((name) => name.includes('daily'));
      expect(daily).toEqual([]);
    }
  });
});

describe('429 Too Many Requests', () => {
  it('refuses past the minute budget with Retry-After in seconds and an Error body', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: tiny(3),
      windows: { minuteMs: 5_000 },
      now: clock.now,
    });
    clock.advance(2_000);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await call(service, 'GET', '/pets', { key: 'tiny' })).status);
      clock.advance(500);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // The window opened 1.5 s ago and lasts 5 s: 3.5 s left, rounded up.
    expect(refused.headers.get('retry-after')).toBe('4');
    expect(service.state.stats.rateLimited).toBe(1);
    expect(service.state.stats.byStatus[429]).toBe(1);
  });

  it('sends Retry-After as an HTTP-date when configured', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: tiny(1),
      windows: { minuteMs: 5_000 },
      retryAfter: 'http-date',
      now: clock.now,
    });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    clock.advance(1_200);
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(refused.status).toBe(429);
    const header = refused.headers.get('retry-after') ?? '';
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    // When the window that opened 1.2 s ago ends.
    expect(Date.parse(header)).toBe(clock.now() - 1_200 + 5_000);
  });

  it('omits Retry-After when configured', async () => {
    const service = await serve({ seed: 1, keys: tiny(1), retryAfter: 'none' });
    const refused = await exhaust(service, 'tiny');
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(refused.headers.get('x-ratelimit-reset')).not.toBeNull();
  });

  it('sends an empty body when configured', async () => {
    const service = await serve({ seed: 1, keys: tiny(1), rateLimitBody: 'empty' });
    const refused = await exhaust(service, 'tiny');
    expect(refused.text).toBe('');
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });

  it('sends a plain-text body when configured', async () => {
    const service = await serve({ seed: 1, keys: tiny(1), rateLimitBody: 'text' });
    const refused = await exhaust(service, 'tiny');
    expect(refused.headers.get('content-type')).toContain('text/plain');
    expect(refused.text).toMatch(/retry in \d+ s/);
  });

  it('lets the key through again once the window has passed, not a millisecond before', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: tiny(1),
      windows: { minuteMs: 1_000 },
      now: clock.now,
    });
    const refused = await exhaust(service, 'tiny');
    expect(refused.headers.get('retry-after')).toBe('1');
    clock.advance(999);
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(429);
    clock.advance(1);
    const again = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(again.headers.get('x-ratelimit-reset')).toBe(String(clock.now() / 1000 + 1));
  });

  it('refuses past the day budget, waiting for the day window', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: tiny(100, 2),
      windows: { dayMs: 60_000 },
      dailyHeaders: true,
      now: clock.now,
    });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    clock.advance(10_000);
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-daily-remaining')).toBe('0');
    // The minute window still has room, so the wait is for the day window: 50 s left.
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('98');
    expect(refused.headers.get('retry-after')).toBe('50');
    clock.advance(50_000);
    const again = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-daily-remaining')).toBe('1');
  });

  it('enforces the day budget without the daily headers too', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: tiny(100, 2),
      windows: { dayMs: 60_000 },
      now: clock.now,
    });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    clock.advance(10_000);
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.headers.get('x-ratelimit-daily-remaining')).toBeNull();
    clock.advance(50_000);
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(200);
  });

  it('keeps budgets per key', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: { ...tiny(1), other: { name: 'Other', perMinute: 1, perDay: 5 } },
      now: clock.now,
    });
    await exhaust(service, 'tiny');
    expect((await call(service, 'GET', '/pets', { key: 'other' })).status).toBe(200);
  });

  it('forgets windows, requests and stats on reset, but keeps animals', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 2,
      keys: tiny(1),
      windows: { minuteMs: 60_000 },
      now: clock.now,
    });
    await exhaust(service, 'tiny');
    const { requests, stats } = service.state;
    service.state.reset();
    expect(requests).toHaveLength(0);
    expect(stats).toEqual({
      requests: 0,
      created: 0,
      rateLimited: 0,
      bans: 0,
      dropped: 0,
      erroredAfterCreate: 0,
      slowedAfterCreate: 0,
      stalledAfterCreate: 0,
      portalAnswers: 0,
      byStatus: {},
    });
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(200);
    expect(service.state.pets()).toHaveLength(2);
    expect(service.state.requests).toHaveLength(1);
  });
});
