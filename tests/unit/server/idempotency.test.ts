import { describe, expect, it } from 'vitest';
import type { ServiceOptions } from '../../../server/index';
import { call, json, manualClock, useServices, PRO_KEY } from './support';

const start = useServices();
/** A service in idempotency mode: the extension these tests are about. */
const serve = (options: ServiceOptions = {}) => start({ idempotency: true, ...options });
const rex = { name: 'Rex', categoryId: 3, status: 'available' };

describe('Idempotency-Key on POST /v1/pets, with the extension on', () => {
  it('replays the first answer for the same key and body', async () => {
    const service = await serve({ seed: 0 });
    const headers = { 'idempotency-key': 'a8b6f0e2-1' };
    const first = await call(service, 'POST', '/pets', { json: rex, headers });
    const second = await call(service, 'POST', '/pets', {
      // Same content, other key order and spacing: the same request.
      body: '{ "status": "available", "categoryId": 3, "name": "Rex" }',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(service.state.pets()).toHaveLength(1);
    expect(service.state.stats.created).toBe(1);
    expect(service.state.requests.map((record) => record.idempotencyKey)).toEqual([
      'a8b6f0e2-1',
      'a8b6f0e2-1',
    ]);
  });

  it('answers 422 for the same key with a different body', async () => {
    const service = await serve({ seed: 0 });
    const headers = { 'idempotency-key': 'key-2' };
    await call(service, 'POST', '/pets', { json: rex, headers });
    const reused = await call(service, 'POST', '/pets', { json: { ...rex, name: 'Max' }, headers });
    expect(reused.status).toBe(422);
    expect(json(reused)).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    expect(service.state.pets()).toHaveLength(1);
  });

  it('answers 409 while the first request with the key is still being processed', async () => {
    const service = await serve({ seed: 0, faults: { latencyMs: 1_000 } });
    const headers = { 'idempotency-key': 'key-3' };
    // Sent together: whichever the service reaches first holds the key for its
    // latency, so the other finds it in progress.
    const first = call(service, 'POST', '/pets', { json: rex, headers });
    const second = call(service, 'POST', '/pets', { json: rex, headers });
    const statuses = (await Promise.all([first, second])).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 409]);
    const conflict = (await Promise.all([first, second])).find(
      (response) => response.status === 409,
    );
    expect(conflict && json(conflict)).toMatchObject({ code: 'idempotency_key_in_use' });
    const replay = await call(service, 'POST', '/pets', { json: rex, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(service.state.pets()).toHaveLength(1);
  });

  it('scopes keys per API key', async () => {
    const service = await serve({ seed: 0 });
    const headers = { 'idempotency-key': 'shared' };
    await call(service, 'POST', '/pets', { json: rex, headers });
    const other = await call(service, 'POST', '/pets', {
      key: PRO_KEY,
      json: { ...rex, name: 'Other' },
      headers,
    });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(service.state.pets()).toHaveLength(2);
  });

  it('creates every time without the header', async () => {
    const service = await serve({ seed: 0 });
    await call(service, 'POST', '/pets', { json: rex });
    await call(service, 'POST', '/pets', { json: rex });
    expect(service.state.pets()).toHaveLength(2);
  });

  it('does not record a key for a request rejected as invalid', async () => {
    const service = await serve({ seed: 0 });
    const headers = { 'idempotency-key': 'key-4' };
    expect((await call(service, 'POST', '/pets', { json: { name: 'Rex' }, headers })).status).toBe(
      400,
    );
    expect((await call(service, 'POST', '/pets', { json: rex, headers })).status).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
  ])('rejects an %s key with 400', async (_label, key) => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      json: rex,
      headers: { 'idempotency-key': key },
    });
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'invalid_idempotency_key' });
    expect(service.state.pets()).toHaveLength(0);
  });

  it('forgets keys after the retention period', async () => {
    const clock = manualClock();
    const service = await serve({ seed: 0, idempotencyTtlMs: 200, now: clock.now });
    const headers = { 'idempotency-key': 'key-5' };
    await call(service, 'POST', '/pets', { json: rex, headers });
    clock.advance(199);
    const kept = await call(service, 'POST', '/pets', { json: { ...rex, name: 'Max' }, headers });
    expect(kept.status).toBe(422);
    clock.advance(1);
    const later = await call(service, 'POST', '/pets', { json: { ...rex, name: 'Max' }, headers });
    expect(later.status).toBe(201);
    expect(service.state.pets()).toHaveLength(2);
  });
});

describe('Idempotency-Key on POST /v1/pets, by default (as the specification shows)', () => {
  it('creates another animal for a repeated POST with the same key, and says nothing of it', async () => {
    const service = await start({ seed: 0 });
    const headers = { 'idempotency-key': 'same-key' };
    const first = await call(service, 'POST', '/pets', { json: rex, headers });
    const second = await call(service, 'POST', '/pets', { json: rex, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(json(first)).toMatchObject({ id: 1 });
    expect(json(second)).toMatchObject({ id: 2 });
    expect(service.state.pets().map((pet) => pet.id)).toEqual([1n, 2n]);
    expect(service.state.stats.created).toBe(2);
    // The log still shows what the client sent.
    expect(service.state.requests.map((record) => record.idempotencyKey)).toEqual([
      'same-key',
      'same-key',
    ]);
  });

  it('answers neither 422 for another body nor 409 for a key in progress', async () => {
    const service = await start({ seed: 0, faults: { latencyMs: 200 } });
    const headers = { 'idempotency-key': 'busy-key' };
    const together = await Promise.all([
      call(service, 'POST', '/pets', { json: rex, headers }),
      call(service, 'POST', '/pets', { json: rex, headers }),
    ]);
    const other = await call(service, 'POST', '/pets', { json: { ...rex, name: 'Max' }, headers });
    expect([...together, other].map((response) => response.status)).toEqual([201, 201, 201]);
    expect(service.state.pets()).toHaveLength(3);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
  ])('does not check an %s key, as it does not know the header', async (_label, key) => {
    const service = await start({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      json: rex,
      headers: { 'idempotency-key': key },
    });
    expect(response.status).toBe(201);
    expect(service.state.pets()).toHaveLength(1);
  });
});

describe('switching idempotency at run time', () => {
  it('honours keys once switched on and ignores them once switched off', async () => {
    const service = await start({ seed: 0 });
    const headers = { 'idempotency-key': 'switch-1' };
    await call(service, 'POST', '/pets', { json: rex, headers });
    service.state.setIdempotency(true);
    // Nothing was recorded while the extension was off: this is a first request.
    const first = await call(service, 'POST', '/pets', { json: rex, headers });
    const replay = await call(service, 'POST', '/pets', { json: rex, headers });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    service.state.setIdempotency(false);
    const ignored = await call(service, 'POST', '/pets', { json: rex, headers });
    expect(ignored.headers.get('idempotent-replayed')).toBeNull();
    expect(service.state.pets()).toHaveLength(3);
  });

  it('refuses anything but a boolean', async () => {
    const service = await start({ seed: 0 });
    expect(() => service.state.setIdempotency('yes' as unknown as boolean)).toThrow(TypeError);
    await expect(
      start({ idempotency: 'yes' as unknown as boolean, dailyHeaders: true }),
    ).rejects.toThrow('idempotency must be true or false.');
  });
});
