import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { InvalidArgumentError } from '../../../electron/core/errors/invalid-argument-error';
import { NotFoundError } from '../../../electron/core/errors/not-found-error';
import { UnauthorizedError } from '../../../electron/core/errors/unauthorized-error';
import { ServerError } from '../../../electron/core/errors/server-error';
import { RateLimitedError } from '../../../electron/core/errors/rate-limited-error';
import { UnavailableError } from '../../../electron/core/errors/unavailable-error';
import { testClient } from './helpers/service-client';

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
      { name: '  Rex ', categoryId: '9007199254741993', status: 'available' },
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

  it('rejects bad limit, status, NewPet and id before sending anything', async () => {
    const s = await start({ seed: 1 });
    const { client } = testClient(s.url, FREE);
    const bad: Array<[Promise<unknown>, string]> = [
      [client.listPets({ limit: 0 }), 'limit'],
      [client.listPets({ limit: 101 }), 'limit'],
      [client.listPets({ limit: 2.5 }), 'limit'],
      [client.listPets({ status: 'adopted' } as never), 'status'],
      [client.createPet({ name: '   ', categoryId: '1' }, { idempotencyKey: 'k1' }), 'name'],
      [client.createPet({ name: 5, categoryId: '1' }, { idempotencyKey: 'k1' }), 'name'],
      [client.createPet({ name: 'A', categoryId: '0' }, { idempotencyKey: 'k1' }), 'categoryId'],
      [
        client.createPet({ name: 'A', categoryId: 2 ** 53 }, { idempotencyKey: 'k1' }),
        'categoryId',
      ],
      [
        client.createPet({ name: 'A', categoryId: '9223372036854775808' }, { idempotencyKey: 'k' }),
        'categoryId',
      ],
      [
        client.createPet({ name: 'A', categoryId: '1', status: 'lost' }, { idempotencyKey: 'k' }),
        'status',
      ],
      [client.createPet({ name: 'A', categoryId: '1' }, { idempotencyKey: '' }), 'idempotencyKey'],
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

  it('sends categoryId as an exact JSON integer, the headers, and accepts a safe number', async () => {
    const s = await start({ seed: 0 });
    const { client } = testClient(s.url, FREE);
    const pet = await client.createPet({ name: 'Tom', categoryId: 42 }, { idempotencyKey: 'n-1' });
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
    const s = await start({ seed: 1, faults: { errorRate: 1, errorStatuses: [503] } });
    const { client } = testClient(s.url, FREE, { deadlineMs: 1_500 });
    const err = await client.listPets().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).retryAt).toBeTypeOf('number');
    expect(s.state.requests.length).toBeGreaterThan(1);
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
    const s = await start({
      seed: 5,
      keys: { 'tiny-plan-key': { name: 'Tiny', perMinute: 5, perDay: 1000 } },
      windows: { minuteMs: 1000 },
    });
    const { client } = testClient(s.url, 'tiny-plan-key', { deadlineMs: 15_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.listPets({ limit: 5 })),
    );
    expect(results).toHaveLength(20);
    expect(s.state.stats.rateLimited).toBe(0);
    expect(s.state.stats.bans).toBe(0);
    expect(s.state.stats.byStatus[200]).toBe(20);
  });

  for (const [retryAfter, rateLimitBody] of [
    ['seconds', 'json'],
    ['seconds', 'text'],
    ['seconds', 'empty'],
    ['http-date', 'json'],
  ] as const) {
    it(`waits out a 429 (Retry-After: ${retryAfter}, body: ${rateLimitBody}) and sends nothing inside it`, async () => {
      const s = await start({ seed: 2, retryAfter, rateLimitBody, faults: { rate429: 1 } });
      const { client } = testClient(s.url, FREE, { deadlineMs: 10_000 });
      const pending = Promise.all([client.listPets(), client.listPets(), client.listPets()]);
      // Let the first 429 arrive, then stop injecting them.
      while (s.state.stats.rateLimited === 0) await new Promise((r) => setTimeout(r, 5));
      s.state.setFaults({});
      const lists = await pending;
      expect(lists).toHaveLength(3);
      const first429 = s.state.requests.find((r) => r.status === 429)!;
      const later = s.state.requests.filter((r) => r.at > first429.at);
      // The injected 429 asks for 1 s.
      expect(later.length).toBeGreaterThanOrEqual(1);
      expect(later.every((r) => r.at >= first429.at + 1000)).toBe(true);
      expect(s.state.stats.bans).toBe(0);
    });
  }

  it('without Retry-After waits until the window resets (another app spent the shared key)', async () => {
    const s = await start({
      seed: 2,
      retryAfter: 'none',
      keys: { 'shared-key': { name: 'Tiny', perMinute: 3, perDay: 1000 } },
      windows: { minuteMs: 1500 },
    });
    const other = testClient(s.url, 'shared-key').client;
    await Promise.all([other.listPets(), other.listPets(), other.listPets()]);
    const windowEnd = s.state.requests[0]!.at + 1500;
    const { client } = testClient(s.url, 'shared-key', { deadlineMs: 10_000 });
    const lists = await Promise.all([client.listPets(), client.listPets()]);
    expect(lists).toHaveLength(2);
    expect(s.state.stats.rateLimited).toBe(1);
    const first429 = s.state.requests.find((r) => r.status === 429)!;
    const later = s.state.requests.filter((r) => r.at > first429.at);
    expect(later.every((r) => r.at >= windowEnd)).toBe(true);
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

  it('retries a POST after a dropped connection with the same Idempotency-Key, creating one animal', async () => {
    const s = await start({ seed: 0, faults: { dropAfterCreateRate: 1 } });
    const { client } = testClient(s.url, FREE, { deadlineMs: 10_000 });
    const pending = client.createPet(
      { name: 'Luna', categoryId: '7' },
      { idempotencyKey: 'outbox-1' },
    );
    while (s.state.stats.dropped === 0) await new Promise((r) => setTimeout(r, 5));
    s.state.setFaults({});
    const pet = await pending;
    const posts = s.state.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(posts.every((r) => r.idempotencyKey === 'outbox-1')).toBe(true);
    expect(s.state.pets()).toHaveLength(1);
    expect(pet.id).toBe(s.state.pets()[0]!.id.toString());
  });

  it('shares one governor between clients using the same key at the same origin', async () => {
    const s = await start({ seed: 1 });
    const a = testClient(s.url, FREE);
    const b = testClient(s.url, FREE, { governors: a.governors });
    await a.client.listPets();
    expect(await a.client.governor()).toBe(await b.client.governor());
    expect((await b.client.governor()).snapshot()).toMatchObject({ limit: 60, dailyLimit: 1000 });
  });
});
