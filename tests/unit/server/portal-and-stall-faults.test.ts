/**
 * Two answers that are not the service's: a Wi-Fi sign-in page in front of it
 * (`portalRate`), and a creation whose answer starts but never ends
 * (`stallAfterCreateRate`). Both are off unless asked for.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ReferenceService } from '../../../server/index';
import { FREE_KEY, call, json, until, useServices } from './support';

const serve = useServices();
const rex = { name: 'Rex', categoryId: 3 };

/** A raw request, so what arrives is seen before the body ends. */
function postRaw(
  service: ReferenceService,
): Promise<{ status: number; type: string | undefined; firstChunk: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${service.url}/pets`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${FREE_KEY}`, 'content-type': 'application/json' },
      },
      (res) => {
        const firstChunk = new Promise<string>((chunkResolve) => {
          res.once('data', (chunk: Buffer) => chunkResolve(chunk.toString('utf8')));
        });
        // The body never ends: the socket's end is the service's closing.
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], firstChunk });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(rex));
  });
}

describe('portalRate', () => {
  it('answers every request with a 200 HTML page and leaves the store alone', async () => {
    const service = await serve({ seed: 2, faults: { portalRate: 1 } });
    const list = await call(service, 'GET', '/pets', { validate: false });
    const create = await call(service, 'POST', '/pets', { json: rex, validate: false });
    const noKey = await call(service, 'GET', '/pets', { key: null, validate: false });
    for (const answer of [list, create, noKey]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.text).toMatch(/<html/i);
      expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(service.state.pets()).toHaveLength(2);
    // The service itself never saw them.
    expect(service.state.requests).toEqual([]);
    expect(service.state.stats).toMatchObject({ requests: 0, created: 0, portalAnswers: 3 });
  });

  it('is off by default, and off again once cleared', async () => {
    const service = await serve({ seed: 0 });
    const created = await call(service, 'POST', '/pets', { json: rex });
    expect(created.status).toBe(201);
    service.state.setFaults({ portalRate: 1 });
    expect((await call(service, 'GET', '/pets', { validate: false })).status).toBe(200);
    service.state.setFaults({});
    const list = await call(service, 'GET', '/pets');
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json(list)).toEqual([expect.objectContaining({ name: 'Rex' })]);
    expect(service.state.stats.portalAnswers).toBe(1);
  });

  it('refuses a share outside 0..1', async () => {
    await expect(serve({ faults: { portalRate: 2 } })).rejects.toThrow(/portalRate/);
  });
});

describe('stallAfterCreateRate', () => {
  it('creates, sends the status, headers and part of the body, then never ends it', async () => {
    const service = await serve({ seed: 0, faults: { stallAfterCreateRate: 1 } });
    const answer = await postRaw(service);
    expect(answer.status).toBe(201);
    expect(answer.type).toMatch(/^application\/json/);
    const part = await answer.firstChunk;
    expect(part.length).toBeGreaterThan(0);
    expect(() => {
      JSON.parse(part);
    }).toThrow();
    expect(service.state.pets()).toHaveLength(1);
    expect(service.state.stats).toMatchObject({ created: 1, stalledAfterCreate: 1 });
    // Answers to other requests still go out while one body stalls.
    service.state.setFaults({});
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
  });

  it('is off by default: the answer ends', async () => {
    const service = await serve({ seed: 0 });
    const created = await call(service, 'POST', '/pets', { json: rex });
    expect(json(created)).toMatchObject({ id: 1, name: 'Rex' });
    await until(() => service.state.requests[0]?.status === 201);
    expect(service.state.stats.stalledAfterCreate).toBe(0);
  });
});
