import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { InvalidArgumentError } from '../../../electron/core/errors/invalid-argument-error';
import { NotFoundError } from '../../../electron/core/errors/not-found-error';
import { UnauthorizedError } from '../../../electron/core/errors/unauthorized-error';
import { ServerError } from '../../../electron/core/errors/server-error';
import { RateLimitedError } from '../../../electron/core/errors/rate-limited-error';
import { UnavailableError } from '../../../electron/core/errors/unavailable-error';
import { NetworkError } from '../../../electron/core/errors/network-error';
import { TimeoutError } from '../../../electron/core/errors/timeout-error';
import { ConflictError } from '../../../electron/core/errors/conflict-error';
import { realTiming, type Timing } from '../../../electron/core/governor/timing';
import { onVirtualClock, testClient } from './helpers/service-client';
import { startTinyServer } from './helpers/tiny-server';
import { countedFetch, createVirtualTiming } from './helpers/virtual-timing';

const FREE = 'kennel-demo-free';
let svc: ReferenceService | null = null;

async function start(options: Parameters<typeof startReferenceService>[0] = {}) {
  svc = await startReferenceService({ port: 0, ...options });
  return svc;
}

afterEach(async () => {
  await svc?.close();
  svc = null;
});

const posts = (s: ReferenceService) => s.state.requests.filter((r) => r.method === 'POST');
const luna = { name: 'Luna', categoryId: '7' };

/** The ids of the first `limit` animals on the service: what one list of that size answers. */
const firstIds = (s: ReferenceService, limit: number) =>
  s.state
    .pets()
    .slice(0, limit)
    .map((p) => p.id.toString());
const ids = (lists: Array<Array<{ id: string }>>) => lists.map((list) => list.map((p) => p.id));
/** What the service answered, request by request, in the order they arrived. */
const answered = (s: ReferenceService) =>
  s.state.requests.map((r) => `${r.method} ${r.path} ${r.status}`);

/**
 * One virtual clock for a service and its clients, moving only while no
 * request is on the wire: every wait is exact, and none takes real time.
 * Requests go through `inner` (plain `fetch` by default).
 */
function virtualClock(inner?: typeof fetch) {
  const t = createVirtualTiming();
  const wire = countedFetch(inner);
  return {
    t,
    /** Client options that put it on this clock. */
    client: onVirtualClock(t, wire),
    /** Runs `promise` to its end, moving the clock as it goes. */
    run: <T>(promise: Promise<T>): Promise<T> => t.drive(promise, { busy: wire.busy }),
  };
}

/** A client that takes the service at its word on `Idempotency-Key`, counting replays. */
function provenClient(s: ReferenceService, options: Parameters<typeof testClient>[2] = {}) {
  const seen = { replays: 0 };
  const { client } = testClient(s.url, FREE, {
    deadlineMs: 10_000,
    idempotencyProven: async () => true,
    onIdempotentReplay: () => {
      seen.replays += 1;
    },
    ...options,
  });
  return { client, seen };
}

describe('API client over HTTP', () => {
  it('keeps ids above 2^53 exact and returns canonical strings', async () => {
    const s = await start({ bigIds: true, seed: 3 });
    const { client } = testClient(s.url, FREE);
    const pets = await client.listPets({ limit: 10 });
    const stored = s.state.pets();
    expect(pets.map((p) => p.id)).toEqual(stored.map((p) => p.id.toString()));
    expect(BigInt(pets[0]!.id)).toBeGreaterThan(2n ** 53n);
    expect(pets[0]!.categoryId).toBe(stored[0]!.categoryId.toString());

    const created = await client.createPet(
      { name: 'Rex', categoryId: '9007199254741993', status: 'available' },
      { idempotencyKey: 'create-big-1' },
    );
    expect(created.name).toBe('Rex');
    expect(created.categoryId).toBe('9007199254741993');
    const saved = s.state.pets().find((p) => p.id.toString() === created.id);
    expect(saved?.categoryId).toBe(9007199254741993n);

    const got = await client.getPet(created.id);
    expect(got.pet).toEqual(created);
    expect(got.deprecation.deprecated).toBe(true);
    expect(got.deprecation.sunset).toBe('2030-12-05T00:00:00.000Z');
  });

  it('rejects a bad limit, status or id before sending anything', async () => {
    const s = await start({ seed: 1 });
    const { client } = testClient(s.url, FREE);
    const bad: Array<[Promise<unknown>, string]> = [
      [client.listPets({ limit: 0 }), 'limit'],
      [client.listPets({ limit: 101 }), 'limit'],
      [client.listPets({ limit: 2.5 }), 'limit'],
      [client.listPets({ status: 'adopted' } as never), 'status'],
      [client.getPet('12abc'), 'id'],
      [client.getPet('-4'), 'id'],
    ];
    for (const [promise, field] of bad) {
      const err = await promise.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidArgumentError);
      expect((err as InvalidArgumentError).field).toBe(field);
    }
    expect(s.state.requests).toHaveLength(0);
  });

  it('sends categoryId as an exact JSON integer, with the headers', async () => {
    const s = await start({ seed: 0 });
    const { client } = testClient(s.url, FREE);
    const pet = await client.createPet(
      { name: 'Tom', categoryId: '42' },
      { idempotencyKey: 'n-1' },
    );
    expect(pet.categoryId).toBe('42');
    expect(s.state.requests[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: 'n-1',
      status: 201,
    });
  });

  it('classifies 401 and 404', async () => {
    const s = await start({ seed: 1 });
    const wrong = testClient(s.url, 'not-a-real-key').client;
    await expect(wrong.listPets()).rejects.toBeInstanceOf(UnauthorizedError);
    const { client } = testClient(s.url, FREE);
    const err = await client.getPet('999999').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).status).toBe(404);
  });

  it('retries 5xx within the deadline and then throws ServerError with retryAt', async () => {
    const clock = virtualClock();
    const s = await start({
      seed: 1,
      faults: { errorRate: 1, errorStatuses: [503] },
      now: clock.t.now,
    });
    const start0 = clock.t.now();
    const { client } = testClient(s.url, FREE, { deadlineMs: 1_500, ...clock.client });
    const err = await clock.run(client.listPets().catch((e: unknown) => e));
    expect(err).toBeInstanceOf(ServerError);
    // The governor's three retries, after backoffs of 25, 50 and 100 ms on the
    // virtual clock, well inside the deadline; the error says to try again
    // after the next backoff (200 ms).
    expect(s.state.requests.map((r) => [r.at - start0, r.status])).toEqual([
      [0, 503],
      [25, 503],
      [75, 503],
      [175, 503],
    ]);
    expect((err as ServerError).retryAt).toBe(start0 + 375);
  });

  it('refuses getPet from the removal date, or an earlier Sunset, without calling', async () => {
    const s = await start({ seed: 1 });
    let now = Date.UTC(2030, 11, 4, 23, 59);
    const { client } = testClient(s.url, FREE, { now: () => now });
    const id = s.state.pets()[0]!.id.toString();
    await client.getPet(id);
    const sent = s.state.requests.length;
    now = Date.UTC(2030, 11, 5);
    await expect(client.getPet(id)).rejects.toBeInstanceOf(UnavailableError);
    expect(s.state.requests).toHaveLength(sent);
  });
});

describe('API client and governor over HTTP', () => {
  it('paces a burst larger than the window: zero 429s, zero bans', async () => {
    const clock = virtualClock();
    const s = await start({
      seed: 5,
      keys: { 'tiny-plan-key': { name: 'Tiny', perMinute: 5, perDay: 1000 } },
      windows: { minuteMs: 1000 },
      now: clock.t.now,
    });
    const { client } = testClient(s.url, 'tiny-plan-key', { deadlineMs: 15_000, ...clock.client });
    const results = await clock.run(
      Promise.all(Array.from({ length: 20 }, () => client.listPets({ limit: 5 }))),
    );
    // Every call got the service's first five animals, from one request each, and
    // the service refused none.
    expect(ids(results)).toEqual(Array.from({ length: 20 }, () => firstIds(s, 5)));
    expect(answered(s)).toEqual(Array.from({ length: 20 }, () => 'GET /v1/pets 200'));
    expect(s.state.stats.bans).toBe(0);
  });

  for (const [retryAfter, rateLimitBody] of [
    ['seconds', 'json'],
    ['seconds', 'text'],
    ['seconds', 'empty'],
    ['http-date', 'json'],
  ] as const) {
    it(`waits out a 429 (Retry-After: ${retryAfter}, body: ${rateLimitBody}) and sends nothing inside it`, async () => {
      // Let the first 429 arrive, then stop injecting them.
      const clock = virtualClock(async (input, init) => {
        const answer = await fetch(input, init);
        if (answer.status === 429) s.state.setFaults({});
        return answer;
      });
      const s = await start({
        seed: 2,
        retryAfter,
        rateLimitBody,
        faults: { rate429: 1 },
        now: clock.t.now,
      });
      const { client } = testClient(s.url, FREE, { deadlineMs: 10_000, ...clock.client });
      const lists = await clock.run(
        Promise.all([client.listPets(), client.listPets(), client.listPets()]),
      );
      // Each call got the service's list in the end, from one request answered
      // 200; every refusal came before those, none after.
      expect(ids(lists)).toEqual([firstIds(s, 20), firstIds(s, 20), firstIds(s, 20)]);
      const refusals = s.state.requests.filter((r) => r.status === 429).length;
      expect(answered(s)).toEqual([
        ...Array.from({ length: refusals }, () => 'GET /v1/pets 429'),
        ...Array.from({ length: 3 }, () => 'GET /v1/pets 200'),
      ]);
      const first429 = s.state.requests.findIndex((r) => r.status === 429);
      expect(first429).toBeGreaterThanOrEqual(0);
      const refusedAt = s.state.requests[first429]!.at;
      const later = s.state.requests.slice(first429 + 1);
      // The injected 429 asks for 1 s: every request after it came once that
      // was over, on the clock the service and the client share.
      expect(later.map((r) => r.at - refusedAt).filter((wait) => wait < 1000)).toEqual([]);
      expect(s.state.stats.bans).toBe(0);
    });
  }

  it('without Retry-After waits until the window resets (another app spent the shared key)', async () => {
    const clock = virtualClock();
    const s = await start({
      seed: 2,
      retryAfter: 'none',
      keys: { 'shared-key': { name: 'Tiny', perMinute: 3, perDay: 1000 } },
      windows: { minuteMs: 1500 },
      now: clock.t.now,
    });
    const other = testClient(s.url, 'shared-key', clock.client).client;
    await clock.run(Promise.all([other.listPets(), other.listPets(), other.listPets()]));
    const windowEnd = s.state.requests[0]!.at + 1500;
    const { client } = testClient(s.url, 'shared-key', { deadlineMs: 10_000, ...clock.client });
    const lists = await clock.run(Promise.all([client.listPets(), client.listPets()]));
    // The other app's three, then this client's: one request refused (it learns
    // the window is spent), then each call answered once the window reset.
    expect(ids(lists)).toEqual([firstIds(s, 20), firstIds(s, 20)]);
    expect(answered(s)).toEqual([
      'GET /v1/pets 200',
      'GET /v1/pets 200',
      'GET /v1/pets 200',
      'GET /v1/pets 429',
      'GET /v1/pets 200',
      'GET /v1/pets 200',
    ]);
    const first429 = s.state.requests.findIndex((r) => r.status === 429);
    const later = s.state.requests.slice(first429 + 1);
    // Virtual times, of the clock the service and the clients share.
    expect(later.filter((r) => r.at < windowEnd)).toEqual([]);
    expect(s.state.stats.bans).toBe(0);
  });

  it('refuses with RateLimitedError (retryAt) when the wait outlasts the deadline', async () => {
    const s = await start({ seed: 1, faults: { rate429: 1 } });
    const { client } = testClient(s.url, FREE, { deadlineMs: 500 });
    const err = await client.listPets().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAt).toBeGreaterThan(Date.now());
    expect(s.state.requests).toHaveLength(1);
  });

  it('shares one governor between clients using the same key at the same origin', async () => {
    const s = await start({ seed: 1, dailyHeaders: true });
    const a = testClient(s.url, FREE);
    const b = testClient(s.url, FREE, { governors: a.governors });
    await a.client.listPets();
    expect(await a.client.governor()).toBe(await b.client.governor());
    expect((await b.client.governor()).snapshot()).toMatchObject({ limit: 60, dailyLimit: 1000 });
  });
});

describe('creates whose outcome is unknown', () => {
  it('does not send a create again after a dropped connection while the key is not known to be honoured', async () => {
    const s = await start({ seed: 0, faults: { dropAfterCreateRate: 1 } });
    const { client } = testClient(s.url, FREE, { deadlineMs: 10_000 });
    const err = await client
      .createPet(luna, { idempotencyKey: 'outbox-1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).outcomeUnknown).toBe(true);
    // The animal exists; a second POST to a service that ignores the key would add a twin.
    expect(posts(s).map((r) => r.status)).toEqual(['dropped']);
    expect(s.state.pets()).toHaveLength(1);
  });

  it('sends it again with the same key once the service is known to honour it', async () => {
    const s = await start({ seed: 0, idempotency: true, faults: { dropAfterCreateRate: 1 } });
    const { client, seen } = provenClient(s);
    const pet = await client.createPet(luna, { idempotencyKey: 'outbox-1' });
    expect(posts(s).map((r) => r.status)).toEqual(['dropped', 201]);
    expect(posts(s).every((r) => r.idempotencyKey === 'outbox-1')).toBe(true);
    expect(s.state.pets()).toHaveLength(1);
    expect(pet.id).toBe(s.state.pets()[0]!.id.toString());
    expect(seen.replays).toBe(1);
  });

  for (const status of [502, 504]) {
    it(`hands back a ${status} that came after the animal was created, without sending again`, async () => {
      const s = await start({
        seed: 0,
        faults: { errorAfterCreateRate: 1, errorAfterCreateStatuses: [status] },
      });
      const { client } = testClient(s.url, FREE, { deadlineMs: 10_000 });
      const err = await client
        .createPet(luna, { idempotencyKey: `gateway-${status}` })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServerError);
      expect((err as ServerError).status).toBe(status);
      expect(posts(s).map((r) => r.status)).toEqual([status]);
      expect(s.state.pets()).toHaveLength(1);
    });

    it(`after a ${status}, sends again with the same key to a service known to honour it`, async () => {
      const s = await start({
        seed: 0,
        idempotency: true,
        faults: { errorAfterCreateRate: 1, errorAfterCreateStatuses: [status] },
      });
      const { client, seen } = provenClient(s);
      const pet = await client.createPet(luna, { idempotencyKey: `gateway-${status}` });
      expect(posts(s).map((r) => r.status)).toEqual([status, 201]);
      expect(posts(s).every((r) => r.idempotencyKey === `gateway-${status}`)).toBe(true);
      expect(s.state.pets()).toHaveLength(1);
      expect(pet.id).toBe(s.state.pets()[0]!.id.toString());
      expect(seen.replays).toBe(1);
    });
  }

  it('gives up on a create answered too late without sending it again', async () => {
    const s = await start({
      seed: 0,
      faults: { slowAfterCreateRate: 1, slowAfterCreateMs: 10_000 },
    });
    const { client } = testClient(s.url, FREE, { attemptTimeoutMs: 300, deadlineMs: 5_000 });
    const err = await client.createPet(luna, { idempotencyKey: 'slow-1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).outcomeUnknown).toBe(true);
    expect(posts(s)).toHaveLength(1);
    expect(s.state.pets()).toHaveLength(1);
  });

  it('learns the id of a create answered too late from a service known to honour the key', async () => {
    const s = await start({
      seed: 0,
      idempotency: true,
      faults: { slowAfterCreateRate: 1, slowAfterCreateMs: 10_000 },
    });
    const { client, seen } = provenClient(s, { attemptTimeoutMs: 300, deadlineMs: 5_000 });
    const pet = await client.createPet(luna, { idempotencyKey: 'slow-1' });
    expect(posts(s)).toHaveLength(2);
    expect(posts(s).every((r) => r.idempotencyKey === 'slow-1')).toBe(true);
    expect(s.state.pets()).toHaveLength(1);
    expect(pet.id).toBe(s.state.pets()[0]!.id.toString());
    expect(seen.replays).toBe(1);
  });

  it('hands back a 409 for a key still in flight unless the key is known to be honoured', async () => {
    const s = await start({ seed: 0, idempotency: true, faults: { latencyMs: 300 } });
    const { client } = testClient(s.url, FREE, { deadlineMs: 10_000 });
    // Learn the window first, so both creates leave together.
    await client.listPets();
    const results = await Promise.allSettled([
      client.createPet(luna, { idempotencyKey: 'twice-1' }),
      client.createPet(luna, { idempotencyKey: 'twice-1' }),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(
      posts(s)
        .map((r) => r.status)
        .sort(),
    ).toEqual([201, 409]);
    expect(s.state.pets()).toHaveLength(1);
  });

  it('waits out a 409 for a key still in flight when the key is known to be honoured', async () => {
    const s = await start({ seed: 0, idempotency: true, faults: { latencyMs: 300 } });
    // Each wait outlasts the first request's answer, so the retries cannot run out first.
    const { client, seen } = provenClient(s, {
      governor: { retryBackoff: { baseMs: 400, capMs: 400, floorMs: 350 } },
    });
    await client.listPets();
    const [first, second] = await Promise.all([
      client.createPet(luna, { idempotencyKey: 'twice-2' }),
      client.createPet(luna, { idempotencyKey: 'twice-2' }),
    ]);
    expect(second.id).toBe(first.id);
    expect(posts(s).map((r) => r.status)).toContain(409);
    expect(posts(s).filter((r) => r.status === 201)).toHaveLength(2);
    expect(s.state.pets()).toHaveLength(1);
    expect(seen.replays).toBe(1);
  });
});

describe('creates that were refused or never sent', () => {
  it('waits out a 429 on a create and sends it again: nothing was created', async () => {
    const clock = virtualClock();
    const s = await start({
      seed: 0,
      keys: { 'shared-key': { name: 'Tiny', perMinute: 1, perDay: 1000 } },
      windows: { minuteMs: 1000 },
      now: clock.t.now,
    });
    // Another app spends the shared window.
    await clock.run(testClient(s.url, 'shared-key', clock.client).client.listPets());
    const { client } = testClient(s.url, 'shared-key', { deadlineMs: 10_000, ...clock.client });
    const pet = await clock.run(client.createPet(luna, { idempotencyKey: 'refused-1' }));
    expect(posts(s).map((r) => r.status)).toEqual([429, 201]);
    expect(posts(s).every((r) => r.idempotencyKey === 'refused-1')).toBe(true);
    expect(s.state.pets()).toHaveLength(1);
    expect(pet.id).toBe(s.state.pets()[0]!.id.toString());
    expect(s.state.stats.bans).toBe(0);
  });

  it('sends a create again after a refused connection: it never reached the service', async () => {
    const vacant = await startTinyServer(() => undefined);
    await vacant.close();
    const port = Number(new URL(vacant.origin).port);
    let waits = 0;
    // The service comes up while the client waits to try again.
    const timing: Timing = {
      ...realTiming,
      sleep: async (ms, signal) => {
        waits += 1;
        if (svc === null) await start({ seed: 0, port });
        return realTiming.sleep(ms, signal);
      },
    };
    const { client } = testClient(vacant.url, FREE, { timing, governor: { timing } });
    const pet = await client.createPet(luna, { idempotencyKey: 'refused-2' });
    expect(waits).toBe(1);
    expect(svc!.state.requests.map((r) => [r.method, r.status, r.idempotencyKey])).toEqual([
      ['POST', 201, 'refused-2'],
    ]);
    expect(svc!.state.pets()).toHaveLength(1);
    expect(pet.id).toBe(svc!.state.pets()[0]!.id.toString());
  });
});

describe('replays', () => {
  it('reports an answer marked Idempotent-Replayed, and only that one', async () => {
    const s = await start({ seed: 0, idempotency: true });
    let replays = 0;
    const { client } = testClient(s.url, FREE, {
      onIdempotentReplay: () => {
        replays += 1;
      },
    });
    const first = await client.createPet(luna, { idempotencyKey: 'resend-1' });
    expect(replays).toBe(0);
    const again = await client.createPet(luna, { idempotencyKey: 'resend-1' });
    expect(replays).toBe(1);
    expect(again).toEqual(first);
    await client.createPet(luna, { idempotencyKey: 'resend-2' });
    expect(replays).toBe(1);
    expect(s.state.pets()).toHaveLength(2);
  });

  it('reports no replay from a service that follows the specification only', async () => {
    const s = await start({ seed: 0 });
    let replays = 0;
    const { client } = testClient(s.url, FREE, {
      onIdempotentReplay: () => {
        replays += 1;
      },
    });
    const first = await client.createPet(luna, { idempotencyKey: 'resend-1' });
    const again = await client.createPet(luna, { idempotencyKey: 'resend-1' });
    // The key is ignored: the resend made a twin, which is why nothing is resent unproven.
    expect(again.id).not.toBe(first.id);
    expect(s.state.pets()).toHaveLength(2);
    expect(replays).toBe(0);
  });
});
