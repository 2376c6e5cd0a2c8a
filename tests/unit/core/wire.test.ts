import { afterEach, describe, expect, it } from 'vitest';
import { MalformedResponseError } from '../../../electron/core/errors/malformed-response-error';
import { createTransport } from '../../../electron/core/api/transport';
import { InvalidArgumentError } from '../../../electron/core/errors/invalid-argument-error';
import { NetworkError } from '../../../electron/core/errors/network-error';
import { realTiming } from '../../../electron/core/governor/timing';
import { TimeoutError } from '../../../electron/core/errors/timeout-error';
import { UnavailableError } from '../../../electron/core/errors/unavailable-error';
import { startTinyServer, type SeenRequest } from './helpers/tiny-server';
import { onVirtualClock, testClient } from './helpers/service-client';
import { countedFetch, createVirtualTiming } from './helpers/virtual-timing';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function tiny(handle: Parameters<typeof startTinyServer>[0]) {
  const server = await startTinyServer(handle);
  closers.push(server.close);
  return server;
}

/**
 * A service that never answers, and a client of it on a virtual clock (the
 * governor's waits and the call's deadline of 100 ms) that moves only while
 * no request is on the wire. An attempt still ends by its own real timeout,
 * but only once the service has seen it: on a loaded machine one cut off on
 * its way would drop out of what the service saw. So the attempts the
 * service sees, and when on the virtual clock, are exact.
 */
async function silentService(options: Parameters<typeof testClient>[2]) {
  const t = createVirtualTiming();
  const start = t.now();
  // Arrival times on the virtual clock.
  const arrivals: SeenRequest[] = [];
  let waiting: Array<() => void> = [];
  const server = await tiny((req) => {
    // Never answers.
    arrivals.push({ ...req, at: t.now() });
    const ready = waiting;
    waiting = [];
    for (const check of ready) check();
  });
  /** Resolves once the service has seen more than `count` requests. */
  const seenMoreThan = (count: number): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (arrivals.length > count) resolve();
        else waiting.push(check);
      };
      check();
    });
  const held: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const before = arrivals.length;
    const controller = new AbortController();
    request.signal.addEventListener(
      'abort',
      () => void seenMoreThan(before).then(() => controller.abort(request.signal.reason)),
      { once: true },
    );
    return fetch(new Request(request, { signal: controller.signal }));
  };
  const wire = countedFetch(held);
  const virtual = onVirtualClock(t, wire);
  const { client } = testClient(server.url, 'tiny-key', {
    ...virtual,
    governor: { ...virtual.governor, jitterMs: 0 },
    // Real time, each attempt's, and short: the clock does not move meanwhile.
    attemptTimeoutMs: 50,
    deadlineMs: 100,
    ...options,
  });
  /** Runs `call` to its end on the virtual clock, handing back what it threw. */
  const fails = (call: Promise<unknown>): Promise<unknown> =>
    t.drive(
      call.then(
        () => new Error('The call to a silent service succeeded.'),
        (err: unknown) => err,
      ),
      { busy: wire.busy },
    );
  /** When each request arrived, in ms since the call began on the virtual clock. */
  const arrivedAfter = (): number[] => arrivals.map((r) => r.at - start);
  return { client, arrivals, fails, arrivedAfter };
}

const pet =
  '{"id":9223372036854775807,"name":"Max","categoryId":12,"status":"adopted","extra":{"a":1}}';

describe('wire details (tiny HTTP server)', () => {
  it('corrects the reset time for clock skew using the Date header', async () => {
    // The server and the client on one virtual clock (the server's an hour
    // ahead), which moves only while no request is on the wire.
    const t = createVirtualTiming();
    const wire = countedFetch();
    const skewMs = 3_600_000;
    const server = await tiny((_req, res) => {
      const serverNow = t.now() + skewMs;
      res.writeHead(200, {
        'content-type': 'application/json',
        date: new Date(serverNow).toUTCString(),
        'x-ratelimit-limit': '10',
        'x-ratelimit-remaining': '9',
        // Resets 30 s from now on the server's clock.
        'x-ratelimit-reset': String(Math.ceil((serverNow + 30_000) / 1000)),
      });
      res.end('[]');
    });
    const { client } = testClient(server.url, 'tiny-key', onVirtualClock(t, wire));
    await t.drive(client.listPets(), { busy: wire.busy });
    const state = (await client.governor()).snapshot();
    const inLocalTime = state.resetAt! - t.now();
    // The server's 30 s, on the virtual clock; the Date header has whole seconds.
    expect(inLocalTime).toBeGreaterThanOrEqual(29_000);
    expect(inLocalTime).toBeLessThanOrEqual(31_000);
  });

  it('waits for the Retry-After date of a server whose clock is 800 ms behind', async () => {
    // The server and the client on one virtual clock, which moves only while
    // no request is on the wire.
    const t = createVirtualTiming();
    const wire = countedFetch();
    const serverClock = (): number => t.now() - 800;
    let deadline: number | null = null;
    const arrivals: number[] = [];
    const server = await tiny((_req, res) => {
      const now = serverClock();
      arrivals.push(now);
      deadline ??= Math.ceil((now + 1500) / 1000) * 1000;
      const headers = { 'content-type': 'application/json', date: new Date(now).toUTCString() };
      if (now < deadline) {
        res.writeHead(429, { ...headers, 'retry-after': new Date(deadline).toUTCString() });
        res.end('{"code":"rate_limited","message":"wait","status":429}');
      } else {
        res.writeHead(200, headers);
        res.end('[]');
      }
    });
    const virtual = onVirtualClock(t, wire);
    const { client } = testClient(server.url, 'tiny-key', {
      ...virtual,
      governor: { ...virtual.governor, jitterMs: 0 },
    });
    expect(await t.drive(client.listPets(), { busy: wire.busy })).toEqual([]);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]).toBeGreaterThanOrEqual(deadline!);
  });

  it('drops unknown fields, keeps an unknown status, keeps int64 max exact', async () => {
    const server = await tiny((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`[${pet}]`);
    });
    const { client } = testClient(server.url, 'tiny-key');
    expect(await client.listPets()).toEqual([
      { id: '9223372036854775807', name: 'Max', categoryId: '12', status: 'adopted' },
    ]);
  });

  it('sends Accept, User-Agent, bearer and the exact integer body', async () => {
    const server = await tiny((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"id":5,"name":"Rex","categoryId":9223372036854775806}');
    });
    const { client } = testClient(server.url, 'tiny-key');
    await client.createPet(
      { name: 'Rex', categoryId: '9223372036854775806' },
      { idempotencyKey: 'idem-1' },
    );
    const seen = server.seen[0]!;
    expect(seen.body).toBe('{"name":"Rex","categoryId":9223372036854775806}');
    expect(seen.headers.accept).toBe('application/json');
    expect(seen.headers['user-agent']).toMatch(/^Kennel\/\S+ \(.+\)$/);
    expect(seen.headers['idempotency-key']).toBe('idem-1');
    expect(seen.authorization).toBe('Bearer tiny-key');
    expect(seen.url).toBe('/v1/pets');
  });

  it.each([
    ['not JSON', 'oops<html>'],
    ['not an array', '{"id":1}'],
    ['a float id', '[{"id":1.5,"name":"A","categoryId":1}]'],
    ['an id beyond int64', '[{"id":9223372036854775808,"name":"A","categoryId":1}]'],
    ['a missing name', '[{"id":1,"categoryId":1}]'],
    ['a quoted categoryId', '[{"id":1,"name":"A","categoryId":"1"}]'],
    ['a numeric status', '[{"id":1,"name":"A","categoryId":1,"status":3}]'],
  ])('turns a body with %s into MalformedResponseError', async (_what, body) => {
    const server = await tiny((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const { client } = testClient(server.url, 'tiny-key');
    await expect(client.listPets()).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('does not follow a redirect to another host, and the key goes nowhere else', async () => {
    const elsewhere = await tiny((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    const server = await tiny((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/pets` });
      res.end();
    });
    const { client } = testClient(server.url, 'secret-key-123');
    await expect(client.listPets()).rejects.toBeInstanceOf(MalformedResponseError);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('stops calling getPet after a Sunset the service announced', async () => {
    const sunset = Date.now() + 60_000;
    const server = await tiny((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        deprecation: 'true',
        sunset: new Date(sunset).toUTCString(),
      });
      res.end('{"id":7,"name":"Kit","categoryId":1}');
    });
    let now = Date.now();
    const { client } = testClient(server.url, 'tiny-key', { now: () => now });
    const first = await client.getPet('7');
    expect(first.deprecation.sunset).toBe(new Date(Math.floor(sunset / 1000) * 1000).toISOString());
    now = sunset + 1000;
    await expect(client.getPet('7')).rejects.toBeInstanceOf(UnavailableError);
    expect(server.seen).toHaveLength(1);
  });

  it('times out a silent read, reads again within the deadline, and says the outcome is unknown', async () => {
    const { client, arrivals, fails, arrivedAfter } = await silentService({});
    const err = await fails(client.listPets());
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).outcomeUnknown).toBe(true);
    // The governor's backoffs (25 ms, then 50 ms) fit in the deadline of
    // 100 ms; the next (100 ms) would end past it, so the call gives up there.
    expect(arrivedAfter()).toEqual([0, 25, 75]);
    expect(arrivals.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('sends a silent create once when the service is not known to honour the key', async () => {
    const { client, arrivals, fails, arrivedAfter } = await silentService({});
    const err = await fails(
      client.createPet({ name: 'Slow', categoryId: '1' }, { idempotencyKey: 'slow-1' }),
    );
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).outcomeUnknown).toBe(true);
    expect(arrivedAfter()).toEqual([0]);
    expect(arrivals.map((r) => r.method)).toEqual(['POST']);
  });

  it('sends a silent create again, with the same key, when the service is known to honour it', async () => {
    let asked = 0;
    const { client, arrivals, fails, arrivedAfter } = await silentService({
      idempotencyProven: async () => {
        asked += 1;
        return true;
      },
    });
    const err = await fails(
      client.createPet({ name: 'Slow', categoryId: '1' }, { idempotencyKey: 'slow-1' }),
    );
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).outcomeUnknown).toBe(true);
    expect(arrivedAfter()).toEqual([0, 25, 75]);
    expect(arrivals.map((r) => [r.method, r.headers['idempotency-key']])).toEqual([
      ['POST', 'slow-1'],
      ['POST', 'slow-1'],
      ['POST', 'slow-1'],
    ]);
    expect(asked).toBe(1);
  });

  it('takes Idempotent-Replayed in any case and spacing as a replay, and nothing else', async () => {
    const marks = ['TRUE ', 'false', '1', undefined];
    const server = await tiny((_req, res) => {
      const mark = marks.shift();
      res.writeHead(201, {
        'content-type': 'application/json',
        ...(mark === undefined ? {} : { 'idempotent-replayed': mark }),
      });
      res.end('{"id":5,"name":"Rex","categoryId":3}');
    });
    let replays = 0;
    const { client } = testClient(server.url, 'tiny-key', {
      onIdempotentReplay: () => {
        replays += 1;
      },
    });
    const rex = { name: 'Rex', categoryId: '3' };
    await client.createPet(rex, { idempotencyKey: 'r-1' });
    expect(replays).toBe(1);
    for (let i = 0; i < 3; i += 1) await client.createPet(rex, { idempotencyKey: 'r-1' });
    expect(replays).toBe(1);
  });

  it('reports a refused connection as a network error whose outcome is known', async () => {
    const server = await tiny(() => undefined);
    await server.close();
    const { client } = testClient(server.url, 'tiny-key', { deadlineMs: 2_000 });
    const err = await client.listPets().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).outcomeUnknown).toBe(false);
    expect((err as NetworkError).message).not.toContain('tiny-key');
  });

  it('refuses to send anything outside the profile base path, before it leaves', async () => {
    const server = await tiny((_req, res) => {
      res.writeHead(200);
      res.end('[]');
    });
    const transport = createTransport({
      baseUrl: server.url,
      userAgent: 'Kennel/t (t)',
      timing: realTiming,
    });
    const err = await transport
      .send({ method: 'GET', path: '../admin/keys', key: 'secret-key-9', timeoutMs: 1000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(server.seen).toHaveLength(0);
  });
});
