import { describe, expect, it } from 'vitest';
import { call, json, useServices } from './support';

const serve = useServices();
const keys = { tiny: { name: 'Tiny', perMinute: 1, perDay: 1_000 } };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('temporary ban', () => {
  it('bans a key after three requests inside the Retry-After window, then lifts it', async () => {
    const service = await serve({
      seed: 1,
      keys,
      windows: { minuteMs: 2_000 },
      ban: { strikes: 3, durationMs: 1_000 },
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

    const banned = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(json(banned)).toMatchObject({ code: 'key_banned', status: 429 });
    expect(Number(banned.headers.get('retry-after'))).toBe(1);
    expect(banned.headers.get('x-ratelimit-limit')).toBe('1');
    expect(service.state.stats.bans).toBe(1);

    await sleep(Number(banned.headers.get('retry-after')) * 1000);
    const after = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(after.status === 200 || json<{ code: string }>(after).code === 'rate_limited').toBe(
      true,
    );
  });

  it('never bans a client that waits as told', async () => {
    const service = await serve({
      seed: 1,
      keys,
      windows: { minuteMs: 1_000 },
      ban: { strikes: 1, durationMs: 60_000 },
    });
    let ok = 0;
    while (ok < 3) {
      const response = await call(service, 'GET', '/pets', { key: 'tiny' });
      if (response.status === 200) {
        ok += 1;
        continue;
      }
      expect(json(response)).toMatchObject({ code: 'rate_limited' });
      await sleep(Number(response.headers.get('retry-after')) * 1000);
    }
    expect(service.state.stats.bans).toBe(0);
  });

  it('counts strikes after injected 429s too, and bans only the offending key', async () => {
    const service = await serve({
      seed: 1,
      keys: { ...keys, calm: { name: 'Calm', perMinute: 100, perDay: 1_000 } },
      faults: { rate429: 1 },
      ban: { strikes: 2, durationMs: 60_000 },
    });
    const codes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      codes.push(json<{ code: string }>(await call(service, 'GET', '/pets', { key: 'tiny' })).code);
    }
    expect(codes).toEqual(['rate_limited', 'rate_limited', 'key_banned']);
    service.state.setFaults({});
    expect((await call(service, 'GET', '/pets', { key: 'calm' })).status).toBe(200);
    const still = await call(service, 'GET', '/pets', { key: 'tiny' });
    expect(json(still)).toMatchObject({ code: 'key_banned' });
    expect(Number(still.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});
