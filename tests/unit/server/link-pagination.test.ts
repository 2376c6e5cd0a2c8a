import { describe, expect, it } from 'vitest';
import type { ReferenceService } from '../../../server/index';
import { call, json, PRO_KEY, useServices } from './support';

const serve = useServices();

interface WirePet {
  id: number;
  name: string;
  status?: string;
}

const STATUSES = ['available', 'pending', 'sold'] as const;

/** The `rel="next"` target of a Link header, or null; fails on any other link. */
function nextTarget(link: string | null): string | null {
  if (link === null) return null;
  const match = /^<([^>]*)>; rel="next"$/.exec(link);
  expect(match, `unexpected Link: ${link}`).not.toBeNull();
  return match?.[1] ?? null;
}

/** The path under `/v1` (with query) that a link resolves to from the list's URL. */
function pathOf(service: ReferenceService, reference: string): string {
  const resolved = new URL(reference, `${service.url}/pets`);
  expect(resolved.origin).toBe(service.origin);
  expect(resolved.pathname).toBe('/v1/pets');
  return `${resolved.pathname.slice('/v1'.length)}${resolved.search}`;
}

/** Every page from `first` on, following `next` links; `between` runs after each page. */
async function follow(
  service: ReferenceService,
  first: string,
  between: (pageIndex: number) => Promise<void> = async () => undefined,
): Promise<{ pages: WirePet[][]; links: string[] }> {
  const pages: WirePet[][] = [];
  const links: string[] = [];
  let path: string | null = first;
  while (path !== null) {
    const response = await call(service, 'GET', path, { key: PRO_KEY });
    expect(response.status).toBe(200);
    pages.push(json<WirePet[]>(response));
    const target = nextTarget(response.headers.get('link'));
    if (target !== null) links.push(target);
    await between(pages.length - 1);
    path = target === null ? null : pathOf(service, target);
    expect(pages.length).toBeLessThan(50);
  }
  return { pages, links };
}

function cursorOf(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

describe('GET /v1/pets without the pagination extension (the specification)', () => {
  it('cuts 350 animals at limit=100 and sends no Link header', async () => {
    const service = await serve({ seed: 350 });
    const response = await call(service, 'GET', '/pets?limit=100');
    const pets = json<WirePet[]>(response);
    expect(pets.map((pet) => pet.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(response.headers.get('link')).toBeNull();
    expect(json<WirePet[]>(await call(service, 'GET', '/pets'))).toHaveLength(20);
  });

  it('ignores a cursor like any unknown query parameter, malformed or not', async () => {
    const service = await serve({ seed: 350 });
    const plain = await call(service, 'GET', '/pets?limit=100');
    for (const cursor of [cursorOf('100'), '!!!', '']) {
      const response = await call(service, 'GET', `/pets?limit=100&cursor=${cursor}`);
      expect(response.status).toBe(200);
      expect(response.text).toBe(plain.text);
      expect(response.headers.get('link')).toBeNull();
    }
  });
});

describe('GET /v1/pets with the pagination extension', () => {
  it('links 350 animals in pages of 100, each exactly once, oldest first', async () => {
    const service = await serve({ seed: 350, pagination: true });
    const { pages, links } = await follow(service, '/pets?limit=100');
    expect(pages.map((page) => page.length)).toEqual([100, 100, 100, 50]);
    expect(pages.flat().map((pet) => pet.id)).toEqual(
      service.state.pets().map((p) => Number(p.id)),
    );
    expect(links).toEqual(
      [100, 200, 300].map((id) => `/v1/pets?limit=100&cursor=${cursorOf(String(id))}`),
    );
  });

  it.each(STATUSES)('links every %s animal exactly once, keeping the filter', async (status) => {
    const service = await serve({ seed: 350, pagination: true });
    const expected = service.state
      .pets()
      .filter((pet) => pet.status === status)
      .map((pet) => Number(pet.id));
    expect(expected.length).toBeGreaterThan(50);
    const { pages, links } = await follow(service, `/pets?limit=50&status=${status}`);
    expect(pages.flat().map((pet) => pet.id)).toEqual(expected);
    expect(pages.flat().every((pet) => pet.status === status)).toBe(true);
    expect(links.every((link) => link.includes(`limit=50&status=${status}&cursor=`))).toBe(true);
  });

  it('sends no next link when the last page ends exactly at the last animal', async () => {
    const service = await serve({ seed: 300, pagination: true });
    const { pages, links } = await follow(service, '/pets?limit=100');
    expect(pages.map((page) => page.length)).toEqual([100, 100, 100]);
    expect(links).toHaveLength(2);
  });

  it('keeps the default limit of 20 and writes it into the link', async () => {
    const service = await serve({ seed: 45, pagination: true });
    const response = await call(service, 'GET', '/pets');
    expect(json<WirePet[]>(response)).toHaveLength(20);
    expect(response.headers.get('link')).toBe(
      `</v1/pets?limit=20&cursor=${cursorOf('20')}>; rel="next"`,
    );
  });

  it('loses and repeats nothing when animals are created between pages', async () => {
    const service = await serve({ seed: 350, pagination: true });
    const created: number[] = [];
    const { pages } = await follow(service, '/pets?limit=100', async () => {
      const response = await call(service, 'POST', '/pets', {
        key: PRO_KEY,
        json: { name: `Latecomer ${created.length + 1}`, categoryId: 1, status: 'available' },
      });
      expect(response.status).toBe(201);
      created.push(json<WirePet>(response).id);
    });
    const ids = pages.flat().map((pet) => pet.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let id = 1; id <= 350; id += 1) expect(ids).toContain(id);
    // Created animals come after every seeded one; each seen at most once.
    expect(ids.slice(350).every((id) => created.includes(id))).toBe(true);
    expect(ids.slice(0, 350)).toEqual(Array.from({ length: 350 }, (_, i) => i + 1));
  });

  it('writes cursors of ids above 2^53 exactly', async () => {
    const service = await serve({ seed: 5, bigIds: true, pagination: true });
    const ids = service.state.pets().map((pet) => pet.id);
    const first = await call(service, 'GET', '/pets?limit=2');
    expect(first.headers.get('link')).toBe(
      `</v1/pets?limit=2&cursor=${cursorOf(String(ids[1]))}>; rel="next"`,
    );
    const target = nextTarget(first.headers.get('link'));
    const second = await call(service, 'GET', pathOf(service, target ?? ''));
    expect(second.text).toContain(`"id":${ids[2]},`);
    expect(second.text).toContain(`"id":${ids[3]},`);
  });

  it.each([
    ['not base64url', '!!!'],
    ['empty', ''],
    ['not a number', cursorOf('abc')],
    ['zero', cursorOf('0')],
    ['negative', cursorOf('-5')],
    ['a leading zero', cursorOf('0100')],
    ['padded', `${cursorOf('1')}==`],
    ['beyond int64', cursorOf('9223372036854775808')],
    ['not canonical', 'MR'],
  ])('answers 400 with an Error for a cursor that is %s', async (_label, cursor) => {
    const service = await serve({ seed: 30, pagination: true });
    const response = await call(
      service,
      'GET',
      `/pets?limit=10&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'invalid_parameter', status: 400 });
    expect(json<{ message: string }>(response).message).toContain('cursor');
    expect(response.headers.get('link')).toBeNull();
  });

  it('answers 400 for a repeated cursor', async () => {
    const service = await serve({ seed: 30, pagination: true });
    const cursor = cursorOf('10');
    const response = await call(service, 'GET', `/pets?cursor=${cursor}&cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'invalid_parameter', status: 400 });
  });

  it('still checks limit and status first', async () => {
    const service = await serve({ seed: 30, pagination: true });
    const response = await call(service, 'GET', `/pets?limit=0&cursor=${cursorOf('1')}`);
    expect(response.status).toBe(400);
    expect(json<{ message: string }>(response).message).toContain('limit');
  });

  it('refuses a pagination option that is not a boolean', async () => {
    await expect(serve({ pagination: 'yes' as unknown as boolean })).rejects.toThrow(
      'pagination must be true or false.',
    );
  });

  it('answers an empty page without a link after the last animal', async () => {
    const service = await serve({ seed: 3, pagination: true });
    const response = await call(service, 'GET', `/pets?cursor=${cursorOf('3')}`);
    expect(response.text).toBe('[]');
    expect(response.headers.get('link')).toBeNull();
  });
});
