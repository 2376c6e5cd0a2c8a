import { describe, expect, it } from 'vitest';
import { call, json, useServices } from './support';

const serve = useServices();

function expectDeprecation(headers: Headers): void {
  expect(headers.get('deprecation')).toMatch(/^(@\d+|true)$/);
  expect(headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  expect(headers.get('link')).toContain('/v1/pets');
}

describe('GET /v1/pets/{petId}', () => {
  it('answers the animal with deprecation headers', async () => {
    const service = await serve({ seed: 3 });
    const response = await call(service, 'GET', '/pets/2');
    expect(response.status).toBe(200);
    expect(json(response)).toMatchObject({ id: 2, name: 'Luna' });
    expectDeprecation(response.headers);
  });

  it('answers 404 with an Error and deprecation headers when absent', async () => {
    const service = await serve({ seed: 3 });
    const response = await call(service, 'GET', '/pets/99');
    expect(response.status).toBe(404);
    expect(json(response)).toMatchObject({ code: 'not_found', status: 404 });
    expectDeprecation(response.headers);
  });

  it.each(['abc', '1.5', '9223372036854775808', '-'])('answers 400 for petId %s', async (id) => {
    const service = await serve({ seed: 3 });
    const response = await call(service, 'GET', `/pets/${id}`);
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'invalid_parameter', status: 400 });
    expectDeprecation(response.headers);
  });

  it('carries deprecation headers on 401 and 429 too', async () => {
    const service = await serve({
      seed: 3,
      keys: { tiny: { name: 'Tiny', perMinute: 1, perDay: 10 } },
    });
    const unauthorized = await call(service, 'GET', '/pets/1', { key: null });
    expect(unauthorized.status).toBe(401);
    expectDeprecation(unauthorized.headers);
    await call(service, 'GET', '/pets/1', { key: 'tiny' });
    const limited = await call(service, 'GET', '/pets/1', { key: 'tiny' });
    expect(limited.status).toBe(429);
    expectDeprecation(limited.headers);
  });

  it('does not put deprecation headers on other operations', async () => {
    const service = await serve({ seed: 3 });
    const response = await call(service, 'GET', '/pets');
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });
});

describe('other paths', () => {
  it.each([
    ['GET', '/v1/owners'],
    ['DELETE', '/v1/pets/1'],
    ['GET', '/v2/pets'],
    ['GET', '/pets'],
  ])('answers 404 with an Error for %s %s', async (method, path) => {
    const service = await serve({ seed: 3 });
    const response = await fetch(`${service.origin}${path}`, {
      method,
      headers: { authorization: 'Bearer kennel-demo-free' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', status: 404 });
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
  });
});
