import { describe, expect, it } from 'vitest';
import type { ReferenceService } from '../../../server/index';
import { call, json, useServices, PRO_KEY } from './support';

const serve = useServices();
const tiny = (perMinute: number, perDay = 1_000) => ({
  tiny: { name: 'Tiny', perMinute, perDay },
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sends until the key is refused (a slow machine may open a new window in between). */
async function exhaust(service: ReferenceService, key: string) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await call(service, 'GET', '/pets', { key });
    if (response.status === 429) return response;
  }
  throw new Error('never rate limited');
}

describe('rate-limit headers', () => {
  it('are on every response: 200, 201, 400, 401, 404, 429', async () => {
    const service = await serve({
      seed: 2,
      keys: { ...tiny(6), [PRO_KEY]: { name: 'Pro', perMinute: 300, perDay: 10_000 } },
    });
    const before = Math.floor(Date.now() / 1000);
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
      expect(reset).toBeGreaterThanOrEqual(before);
      expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
      expect(response.headers.get('date')).toMatch(/GMT$/);
    }
    expect(responses[0]?.headers.get('x-ratelimit-limit')).toBe('6');
    expect(responses[0]?.headers.get('x-ratelimit-remaining')).toBe('5');
    expect(responses[1]?.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(responses[3]?.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('report the daily budget as an extension', async () => {
    const service = await serve({ seed: 1, keys: tiny(10, 500) });
    const response = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(response.headers.get('x-ratelimit-daily-limit')).toBe('500');
    expect(response.headers.get('x-ratelimit-daily-remaining')).toBe('499');
  });
});

describe('429 Too Many Requests', () => {
  it('refuses past the minute budget with Retry-After in seconds and an Error body', async () => {
    const service = await serve({ seed: 1, keys: tiny(3), windows: { minuteMs: 5_000 } });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await call(service, 'GET', '/pets', { key: 'tiny' })).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(5);
    expect(service.state.stats.rateLimited).toBe(1);
    expect(service.state.stats.byStatus[429]).toBe(1);
  });

  it('sends Retry-After as an HTTP-date when configured', async () => {
    const service = await serve({
      seed: 1,
      keys: tiny(1),
      windows: { minuteMs: 5_000 },
      retryAfter: 'http-date',
    });
    const refused = await exhaust(service, 'tiny');
    const header = refused.headers.get('retry-after') ?? '';
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const at = Date.parse(header);
    expect(at).toBeGreaterThan(Date.now() - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 6_000);
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

  it('lets the key through again once the window has passed', async () => {
    const service = await serve({ seed: 1, keys: tiny(1), windows: { minuteMs: 1_000 } });
    const refused = await exhaust(service, 'tiny');
    await sleep(Number(refused.headers.get('retry-after')) * 1000);
    const again = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(again.status).toBe(200);
  });

  it('refuses past the day budget, waiting for the day window', async () => {
    const service = await serve({ seed: 1, keys: tiny(100, 2), windows: { dayMs: 60_000 } });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-daily-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it('keeps budgets per key', async () => {
    const service = await serve({
      seed: 1,
      keys: { ...tiny(1), other: { name: 'Other', perMinute: 1, perDay: 5 } },
    });
    await exhaust(service, 'tiny');
    expect((await call(service, 'GET', '/pets', { key: 'other' })).status).toBe(200);
  });

  it('forgets windows, requests and stats on reset, but keeps animals', async () => {
    const service = await serve({ seed: 2, keys: tiny(1), windows: { minuteMs: 60_000 } });
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
      byStatus: {},
    });
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(200);
    expect(service.state.pets()).toHaveLength(2);
    expect(service.state.requests).toHaveLength(1);
  });
});
