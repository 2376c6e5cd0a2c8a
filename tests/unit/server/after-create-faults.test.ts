/**
 * The ambiguous create outcome: the animal exists, but the client sees a dropped
 * connection, a gateway error or no answer in time. By default (the
 * specification's interface) a retry creates another animal; with the
 * idempotency extension a retry with the same key learns the stored 201.
 */
import { describe, expect, it } from 'vitest';
import type { ReferenceService } from '../../../server/index';
import { call, json, postPet, until, useServices } from './support';

const serve = useServices();
const rex = { name: 'Rex', categoryId: 3 };
const key = (value: string) => ({ 'idempotency-key': value });

/** The client's view of an answer that may never come. */
function outcome(pending: Promise<Response>): Promise<number | 'failed'> {
  return pending.then(
    async (response) => {
      await response.text();
      return response.status;
    },
    () => 'failed' as const,
  );
}

/** Resolves once `service` has created `count` animals (its answer may still be pending). */
function created(service: ReferenceService, count: number): Promise<void> {
  return until(() => service.state.pets().length >= count);
}

describe('dropAfterCreateRate', () => {
  it('creates, then drops the answer; by default a retry with the same key creates another', async () => {
    const service = await serve({ seed: 0, faults: { dropAfterCreateRate: 1 } });
    await expect(postPet(service, rex, { headers: key('ambiguous-1') })).rejects.toThrow();
    expect(service.state.pets()).toHaveLength(1);
    expect(service.state.stats).toMatchObject({ created: 1, dropped: 1 });
    service.state.setFaults({});
    const retry = await call(service, 'POST', '/pets', { json: rex, headers: key('ambiguous-1') });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(json(retry)).toMatchObject({ id: 2, name: 'Rex' });
    expect(service.state.pets()).toHaveLength(2);
  });

  it('with idempotency, a retry with the same key gets the stored answer', async () => {
    const service = await serve({
      seed: 0,
      idempotency: true,
      faults: { dropAfterCreateRate: 1 },
    });
    await expect(postPet(service, rex, { headers: key('ambiguous-1') })).rejects.toThrow();
    expect(service.state.pets()).toHaveLength(1);
    expect(service.state.stats).toMatchObject({ created: 1, dropped: 1 });
    service.state.setFaults({});
    const retry = await call(service, 'POST', '/pets', { json: rex, headers: key('ambiguous-1') });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(json(retry)).toMatchObject({ id: 1, name: 'Rex' });
    expect(service.state.pets()).toHaveLength(1);
  });

  it('only drops after creation on POST /pets', async () => {
    const service = await serve({ seed: 1, faults: { dropAfterCreateRate: 1 } });
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
  });
});

describe('errorAfterCreateRate', () => {
  it('creates, then answers 502 or 504 with an Error body', async () => {
    const service = await serve({ seed: 0, faults: { errorAfterCreateRate: 1 } });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await call(service, 'POST', '/pets', { json: rex });
      statuses.push(response.status);
      expect(json(response)).toMatchObject({ code: 'server_error', status: response.status });
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(59 - index));
    }
    expect(statuses.every((status) => status === 502 || status === 504)).toBe(true);
    expect(service.state.pets()).toHaveLength(6);
    expect(service.state.stats).toMatchObject({ created: 6, erroredAfterCreate: 6, dropped: 0 });
    expect(service.state.requests.map((record) => record.status)).toEqual(statuses);
  });

  it('uses the configured statuses', async () => {
    const service = await serve({
      seed: 0,
      faults: { errorAfterCreateRate: 1, errorAfterCreateStatuses: [504] },
    });
    const response = await call(service, 'POST', '/pets', { json: rex });
    expect(response.status).toBe(504);
    expect(service.state.pets()).toHaveLength(1);
  });

  it('by default, a retry with the same key creates another animal', async () => {
    const service = await serve({ seed: 0, faults: { errorAfterCreateRate: 1 } });
    const failed = await call(service, 'POST', '/pets', { json: rex, headers: key('gw-1') });
    expect([502, 504]).toContain(failed.status);
    service.state.setFaults({});
    const retry = await call(service, 'POST', '/pets', { json: rex, headers: key('gw-1') });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(json(retry)).toMatchObject({ id: 2 });
    expect(service.state.pets()).toHaveLength(2);
  });

  it('with idempotency, a retry with the same key gets the stored 201, not the error', async () => {
    const service = await serve({
      seed: 0,
      idempotency: true,
      faults: { errorAfterCreateRate: 1 },
    });
    const failed = await call(service, 'POST', '/pets', { json: rex, headers: key('gw-2') });
    expect([502, 504]).toContain(failed.status);
    // The fault is still on: a replay creates nothing, so no after-create fault applies.
    const retry = await call(service, 'POST', '/pets', { json: rex, headers: key('gw-2') });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('location')).toBe('/v1/pets/1');
    expect(json(retry)).toEqual({ id: 1, name: 'Rex', categoryId: 3 });
    expect(service.state.pets()).toHaveLength(1);
    expect(service.state.stats).toMatchObject({ created: 1, erroredAfterCreate: 1 });
  });

  it('leaves requests that create nothing alone', async () => {
    const service = await serve({ seed: 1, faults: { errorAfterCreateRate: 1 } });
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
    expect((await call(service, 'GET', '/pets/1')).status).toBe(200);
    expect((await call(service, 'POST', '/pets', { json: { name: 'Rex' } })).status).toBe(400);
    expect(service.state.stats.erroredAfterCreate).toBe(0);
    expect(service.state.pets()).toHaveLength(1);
  });

  it('strikes alone: an answer turned into an error is not also held', async () => {
    const service = await serve({
      seed: 0,
      faults: { errorAfterCreateRate: 1, slowAfterCreateRate: 1, slowAfterCreateMs: 60_000 },
    });
    const response = await call(service, 'POST', '/pets', { json: rex });
    expect([502, 504]).toContain(response.status);
    expect(service.state.stats).toMatchObject({ erroredAfterCreate: 1, slowedAfterCreate: 0 });
  });
});

describe('slowAfterCreateRate', () => {
  it('creates, then holds the answer: a client that gives up never learns the id', async () => {
    const service = await serve({
      seed: 0,
      faults: { slowAfterCreateRate: 1, slowAfterCreateMs: 60_000 },
    });
    const client = new AbortController();
    const held = outcome(postPet(service, rex, { headers: key('slow-1'), signal: client.signal }));
    await created(service, 1);
    expect(service.state.stats.slowedAfterCreate).toBe(1);
    expect(service.state.requests[0]?.status).toBe(0);
    client.abort();
    expect(await held).toBe('failed');
    // By default the client's retry, same key or not, creates a second animal.
    service.state.setFaults({});
    const retry = await call(service, 'POST', '/pets', { json: rex, headers: key('slow-1') });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(service.state.pets()).toHaveLength(2);
  });

  it('with idempotency, a retry during the hold gets the stored 201 at once', async () => {
    const service = await serve({
      seed: 0,
      idempotency: true,
      faults: { slowAfterCreateRate: 1, slowAfterCreateMs: 60_000 },
    });
    let settled = false;
    const held = outcome(postPet(service, rex, { headers: key('slow-2') })).finally(() => {
      settled = true;
    });
    await created(service, 1);
    const retry = await call(service, 'POST', '/pets', { json: rex, headers: key('slow-2') });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(json(retry)).toMatchObject({ id: 1 });
    expect(service.state.requests.map((record) => record.status)).toEqual([0, 201]);
    expect(settled).toBe(false);
    expect(service.state.pets()).toHaveLength(1);
    // Closing ends the hold; the held 201 never goes out.
    await service.close();
    expect([500, 'failed']).toContain(await held);
  });

  it('sends the full 201 once the hold is over', async () => {
    const service = await serve({
      seed: 0,
      faults: { slowAfterCreateRate: 1, slowAfterCreateMs: 20 },
    });
    const response = await call(service, 'POST', '/pets', { json: rex });
    expect(response.status).toBe(201);
    expect(json(response)).toEqual({ id: 1, name: 'Rex', categoryId: 3 });
    expect(response.headers.get('location')).toBe('/v1/pets/1');
    expect(service.state.stats).toMatchObject({ created: 1, slowedAfterCreate: 1 });
    expect(service.state.requests[0]?.status).toBe(201);
  });

  it('only holds answers to creations', async () => {
    const service = await serve({
      seed: 1,
      faults: { slowAfterCreateRate: 1, slowAfterCreateMs: 60_000 },
    });
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
    expect(service.state.stats.slowedAfterCreate).toBe(0);
  });
});
