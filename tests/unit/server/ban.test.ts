import { describe, expect, it } from 'vitest';
import { call, json, manualClock, useServices } from './support';

const serve = useServices();
const keys = { tiny: { name: 'Tiny', perMinute: 1, perDay: 1_000 } };

describe('temporary ban', () => {
  it('bans a key after three requests inside the Retry-After window, then lifts it', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys,
      windows: { minuteMs: 2_000 },
      ban: { strikes: 3, durationMs: 1_000 },
      now: clock.now,
    });
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(200);
    const codes: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await call(service, 'GET', '/pets', { key: 'tiny' });
      expect(response.status).toBe(429);
      codes.push(json<{ code: string }>(response).code);
    }
    // The first 429 is not a strike; the next three are, and the third bans.
    expect(codes).toEqual(['rate_limited', 'rate_limited', 'rate_limited', 'key_banned']);
    expect(service.state.stats.bans).toBe(1);

    clock.advance(400);
    const banned = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(json(banned)).toMatchObject({ code: 'key_banned', status: 429 });
    // 600 ms of the ban left, rounded up.
    expect(banned.headers.get('retry-after')).toBe('1');
    expect(banned.headers.get('x-ratelimit-limit')).toBe('1');
    expect(service.state.stats.bans).toBe(1);

    // The ban ends at 1 s; the minute window (2 s) is still spent, so the key is
    // told to wait again rather than being banned.
    clock.advance(600);
    const lifted = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(json(lifted)).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(lifted.headers.get('retry-after')).toBe('1');
    clock.advance(1_000);
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(200);
    expect(service.state.stats.bans).toBe(1);
  });

  it('never bans a client that waits as told', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys,
      windows: { minuteMs: 1_000 },
      ban: { strikes: 1, durationMs: 60_000 },
      now: clock.now,
    });
    const statuses: number[] = [];
    while (statuses.filter((status) => status === 200).length < 3) {
      const response = await call(service, 'GET', '/pets', { key: 'tiny' });
      statuses.push(response.status);
      if (response.status === 200) continue;
      expect(json(response)).toMatchObject({ code: 'rate_limited' });
      clock.advance(Number(response.headers.get('retry-after')) * 1000);
    }
    expect(statuses).toEqual([200, 429, 200, 429, 200]);
    expect(service.state.stats.bans).toBe(0);
  });

  it('bans a client that comes back one millisecond early', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys,
      windows: { minuteMs: 1_000 },
      ban: { strikes: 1, durationMs: 60_000 },
      now: clock.now,
    });
    await call(service, 'GET', '/pets', { key: 'tiny' });
    const refused = await call(service, 'GET', '/pets', { key: 'tiny' });
    clock.advance(Number(refused.headers.get('retry-after')) * 1000 - 1);
    const early = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(json(early)).toMatchObject({ code: 'key_banned' });
    expect(early.headers.get('retry-after')).toBe('60');
    expect(service.state.stats.bans).toBe(1);
  });

  it('counts strikes after injected 429s too, and bans only the offending key', async () => {
    const clock = manualClock();
    const service = await serve({
      seed: 1,
      keys: { ...keys, calm: { name: 'Calm', perMinute: 100, perDay: 1_000 } },
      faults: { rate429: 1 },
      ban: { strikes: 2, durationMs: 60_000 },
      now: clock.now,
    });
    const codes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      codes.push(json<{ code: string }>(await call(service, 'GET', '/pets', { key: 'tiny' })).code);
    }
    expect(codes).toEqual(['rate_limited', 'rate_limited', 'key_banned']);
    service.state.setFaults({});
    expect((await call(service, 'GET', '/pets', { key: 'calm' })).status).toBe(200);
    clock.advance(59_000);
    const still = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(json(still)).toMatchObject({ code: 'key_banned' });
    expect(still.headers.get('retry-after')).toBe('1');
    clock.advance(1_000);
    expect((await call(service, 'GET', '/pets', { key: 'tiny' })).status).toBe(200);
  });
});
