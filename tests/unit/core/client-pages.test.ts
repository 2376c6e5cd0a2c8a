import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseLossless, isLosslessNumber } from 'lossless-json';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { InvalidArgumentError } from '../../../electron/core/errors/invalid-argument-error';
import { NotFoundError } from '../../../electron/core/errors/not-found-error';
import { UnavailableError } from '../../../electron/core/errors/unavailable-error';
import type { PetsPage } from '../../../electron/contract/pet';
import type { ApiClient } from '../../../electron/core/api/client';
import { testClient } from './helpers/service-client';
import { startTinyServer } from './helpers/tiny-server';

const KEY = 'kennel-demo-pro';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function service(options: Parameters<typeof startReferenceService>[0]) {
  const s = await startReferenceService({ port: 0, ...options });
  closers.push(() => s.close());
  return s;
}

async function tiny(handle: Parameters<typeof startTinyServer>[0]) {
  const server = await startTinyServer(handle);
  closers.push(server.close);
  return server;
}

/** Every page of a list, following `next` until there is none. */
async function allPages(client: ApiClient, first: PetsPage): Promise<PetsPage[]> {
  const pages = [first];
  for (let page = first; page.next !== null;) {
    page = await client.listPetsPage({ next: page.next });
    pages.push(page);
  }
  return pages;
}

function listRequests(s: ReferenceService) {
  return s.state.requests.filter((r) => r.method === 'GET' && r.path === '/v1/pets');
}

describe('listPetsPage against the reference service', () => {
  it('follows Link pagination to every animal, once each, in id order', async () => {
    const s = await service({ seed: 250, pagination: true });
    const { client } = testClient(s.url, KEY);

    const first = await client.listPetsPage({ query: { limit: 100 } });
    expect(first.next).toMatch(new RegExp(`^${s.url}/pets\\?limit=100&cursor=[A-Za-z0-9_-]+$`));
    const pages = await allPages(client, first);

    expect(pages.map((page) => page.pets.length)).toEqual([100, 100, 50]);
    expect(pages.map((page) => page.next === null)).toEqual([false, false, true]);
    expect(pages.flatMap((page) => page.pets.map((pet) => pet.id))).toEqual(
      s.state.pets().map((pet) => pet.id.toString()),
    );
    expect(listRequests(s).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('keeps the status filter on every page it links to', async () => {
    const s = await service({ seed: 250, pagination: true });
    const { client } = testClient(s.url, KEY);

    const first = await client.listPetsPage({ query: { limit: 40, status: 'available' } });
    const pages = await allPages(client, first);

    // 100 of 250 are available: 40, 40, 20.
    expect(pages.map((page) => page.pets.length)).toEqual([40, 40, 20]);
    expect(pages.every((page) => page.pets.every((pet) => pet.status === 'available'))).toBe(true);
    expect(new URL(first.next!).searchParams.get('status')).toBe('available');
  });

  it('answers one page and no next link from a service without pagination', async () => {
    const s = await service({ seed: 250 });
    const { client } = testClient(s.url, KEY);

    const page = await client.listPetsPage({ query: { limit: 100 } });

    expect(page.next).toBeNull();
    expect(page.pets.map((pet) => pet.id)).toEqual(
      s.state
        .pets()
        .slice(0, 100)
        .map((pet) => pet.id.toString()),
    );
    // listPets reads the same first page.
    expect(await client.listPets({ limit: 100 })).toEqual(page.pets);
  });

  it.each([
    ['another origin', (_s: ReferenceService) => 'http://elsewhere.example/v1/pets?cursor=MQ'],
    [
      'the same port under another name',
      (s: ReferenceService) => `http://localhost:${new URL(s.url).port}/v1/pets?cursor=MQ`,
    ],
    ['another path of the service', (s: ReferenceService) => `${s.url}/store/orders?cursor=MQ`],
    ['one animal', (s: ReferenceService) => `${s.url}/pets/1`],
  ])('refuses a next link to %s before sending anything', async (_what, link) => {
    const s = await service({ seed: 5, pagination: true });
    const { client } = testClient(s.url, KEY);

    const err = await client.listPetsPage({ next: link(s) }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect((err as InvalidArgumentError).kind).toBe('invalid-argument');
    expect((err as InvalidArgumentError).field).toBe('next');
    expect(s.state.requests).toHaveLength(0);
  });

  it('refuses a next link that is not a URL, and a bad first-page query, before sending', async () => {
    const s = await service({ seed: 5, pagination: true });
    const { client } = testClient(s.url, KEY);
    const bad: Array<[unknown, string]> = [
      [{ next: 'not a url' }, 'next'],
      [{ next: 42 }, 'next'],
      [{ query: { limit: 101 } }, 'limit'],
      [{ query: { status: 'adopted' } }, 'status'],
    ];
    for (const [request, field] of bad) {
      const err = await client.listPetsPage(request as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidArgumentError);
      expect((err as InvalidArgumentError).field).toBe(field);
    }
    expect(s.state.requests).toHaveLength(0);
  });
});

describe('listPetsPage against a service whose links leave its list', () => {
  it('keeps the page but does not follow a next link to another host', async () => {
    const elsewhere = await tiny((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    const server = await tiny((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        link: `<${elsewhere.url}/pets?cursor=MQ>; rel="next"`,
      });
      res.end('[{"id":1,"name":"Biscuit","categoryId":1}]');
    });
    const { client } = testClient(server.url, 'tiny-key');

    const page = await client.listPetsPage({ query: { limit: 1 } });

    expect(page).toMatchObject({
      pets: [{ id: '1', name: 'Biscuit' }],
      next: null,
      linkProblem: expect.stringContaining('another address'),
    });
    expect(server.seen.map((r) => r.url)).toEqual(['/v1/pets?limit=1']);
    expect(elsewhere.seen).toHaveLength(0);
  });
});

describe('listOrders', () => {
  it('keeps integers above 2^53 exact in its JSON text', async () => {
    const s = await service({ seed: 0 });
    const { client } = testClient(s.url, KEY);

    const { json } = await client.listOrders();

    expect(json).toContain('9007199254740993');
    expect(json).toContain('9007199254740995');
    const orders = parseLossless(json) as Array<Record<string, unknown>>;
    expect(orders).toHaveLength(4);
    const second = orders[1]!;
    expect(isLosslessNumber(second.petId)).toBe(true);
    expect(String(second.petId)).toBe('9007199254740993');
    expect(String(orders[2]!.id)).toBe('9007199254740995');
    // Read as a double, the same text would have become another number.
    expect(String((JSON.parse(json) as Array<{ petId: number }>)[1]!.petId)).not.toBe(
      '9007199254740993',
    );
    expect(s.state.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/store/orders', 200],
    ]);
  });
});

describe('getPet once the service retires it', () => {
  const pet = '{"id":7,"name":"Rex","categoryId":2}';

  it('reads a 410 as unavailable, not as a missing animal', async () => {
    const server = await tiny((_req, res) => {
      res.writeHead(410, { 'content-type': 'application/json' });
      res.end('{"code":"gone","message":"This operation was removed.","status":410}');
    });
    const { client } = testClient(server.url, 'tiny-key', { now: () => Date.UTC(2030, 0, 6) });

    const err = await client.getPet('7').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as UnavailableError).kind).toBe('unavailable');
    expect(server.seen.map((r) => r.url)).toEqual(['/v1/pets/7']);
  });

  it('reads a 404 before the announced Sunset as a missing animal', async () => {
    const server = await tiny((req, res) => {
      if (req.url.endsWith('/7')) {
        res.writeHead(200, {
          'content-type': 'application/json',
          sunset: 'Sat, 01 Jun 2030 00:00:00 GMT',
        });
        res.end(pet);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"code":"not_found","message":"No such animal.","status":404}');
      }
    });
    const { client } = testClient(server.url, 'tiny-key', { now: () => Date.UTC(2030, 4, 1) });

    expect((await client.getPet('7')).deprecation.sunset).toBe('2030-06-01T00:00:00.000Z');
    await expect(client.getPet('8')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads a 404 that announces a Sunset already passed as unavailable, on its first call', async () => {
    // A client started after the service's own Sunset (an earlier date than
    // the spec's) has never seen that Sunset: the 404 itself announces it.
    const server = await tiny((_req, res) => {
      res.writeHead(404, {
        'content-type': 'application/json',
        deprecation: '@1735689600',
        sunset: 'Sat, 01 Jun 2030 00:00:00 GMT',
      });
      res.end('{"code":"not_found","message":"Not found.","status":404}');
    });
    const { client } = testClient(server.url, 'tiny-key', { now: () => Date.UTC(2030, 6, 1) });

    const err = await client.getPet('7').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UnavailableError);
  });

  it('reads a 404 that arrives once the announced Sunset has passed as unavailable', async () => {
    const sunset = Date.UTC(2030, 5, 1);
    let now = Date.UTC(2030, 4, 1);
    const server = await tiny((req, res) => {
      if (req.url.endsWith('/7')) {
        res.writeHead(200, {
          'content-type': 'application/json',
          sunset: 'Sat, 01 Jun 2030 00:00:00 GMT',
        });
        res.end(pet);
        return;
      }
      // The Sunset passes while this request is on its way.
      now = sunset + 60_000;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":"not_found","message":"No such route.","status":404}');
    });
    const { client } = testClient(server.url, 'tiny-key', { now: () => now });

    await client.getPet('7');
    const err = await client.getPet('8').catch((e: unknown) => e);

    expect(err).toBeInstanceOf(UnavailableError);
    // From then on the client does not ask at all.
    await expect(client.getPet('9')).rejects.toBeInstanceOf(UnavailableError);
    expect(server.seen.map((r) => r.url)).toEqual(['/v1/pets/7', '/v1/pets/8']);
  });
});
