import { describe, expect, it } from 'vitest';
import { call, json, useServices } from './support';

const serve = useServices();

describe('POST /v1/pets', () => {
  it('creates an animal with the next id and a Location header', async () => {
    const service = await serve({ seed: 2 });
    const response = await call(service, 'POST', '/pets', {
      json: { name: 'Fern', categoryId: 4, status: 'pending' },
    });
    expect(response.status).toBe(201);
    expect(json(response)).toEqual({ id: 3, name: 'Fern', categoryId: 4, status: 'pending' });
    expect(response.headers.get('location')).toBe('/v1/pets/3');
    expect(service.state.stats.created).toBe(1);
    const fetched = await call(service, 'GET', '/pets/3');
    expect(json(fetched)).toEqual(json(response));
  });

  it('leaves status absent when it is omitted', async () => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      json: { name: 'Moss', categoryId: 1 },
    });
    expect(response.status).toBe(201);
    expect(json(response)).toEqual({ id: 1, name: 'Moss', categoryId: 1 });
    expect(service.state.pets()).toEqual([{ id: 1n, name: 'Moss', categoryId: 1n }]);
  });

  it('accepts a charset parameter and mixed-case media type', async () => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      body: '{"name":"Ivy","categoryId":2}',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(response.status).toBe(201);
  });

  const invalidBodies: Array<[string, unknown, string]> = [
    ['missing name', { categoryId: 1 }, 'name is required'],
    ['blank name', { name: '   ', categoryId: 1 }, 'name must not be blank'],
    ['empty name', { name: '', categoryId: 1 }, 'name must not be blank'],
    ['missing categoryId', { name: 'Rex' }, 'categoryId is required'],
    ['name of wrong type', { name: 42, categoryId: 1 }, 'name must be of type string'],
    ['categoryId as string', { name: 'Rex', categoryId: '1' }, 'categoryId must be an integer'],
    ['fractional categoryId', { name: 'Rex', categoryId: 1.5 }, 'categoryId must be an integer'],
    ['zero categoryId', { name: 'Rex', categoryId: 0 }, 'categoryId must be >= 1'],
    ['negative categoryId', { name: 'Rex', categoryId: -4 }, 'categoryId must be >= 1'],
    ['unknown status', { name: 'Rex', categoryId: 1, status: 'adopted' }, 'status must be one of'],
    ['null status', { name: 'Rex', categoryId: 1, status: null }, 'status must be of type string'],
    ['unknown field', { name: 'Rex', categoryId: 1, colour: 'red' }, 'unknown field "colour"'],
    ['a sent id', { id: 5, name: 'Rex', categoryId: 1 }, 'id is assigned by the service'],
    ['an array', [{ name: 'Rex', categoryId: 1 }], 'body must be a JSON object'],
    ['a string', 'Rex', 'body must be a JSON object'],
  ];

  it.each(invalidBodies)('rejects %s with invalid_body', async (_label, body, message) => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', { json: body });
    expect(response.status).toBe(400);
    const error = json<{ code: string; message: string; status: number }>(response);
    expect(error.code).toBe('invalid_body');
    expect(error.status).toBe(400);
    expect(error.message).toContain(message);
    expect(service.state.pets()).toEqual([]);
  });

  it('rejects a categoryId beyond int64 without rounding it into range', async () => {
    const service = await serve({ seed: 0 });
    for (const id of ['9223372036854775808', '18446744073709551616', '1e400']) {
      const response = await call(service, 'POST', '/pets', {
        body: `{"name":"Rex","categoryId":${id}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(json<{ message: string }>(response).message).toContain('int64');
    }
    expect(service.state.pets()).toEqual([]);
  });

  it.each([
    ['truncated', '{"name":"Rex",'],
    ['trailing comma', '{"name":"Rex","categoryId":1,}'],
    ['duplicate keys', '{"name":"Rex","name":"Max","categoryId":1}'],
    ['not JSON at all', 'name=Rex'],
  ])('rejects %s JSON with malformed_json', async (_label, body) => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'malformed_json', status: 400 });
  });

  it('rejects an empty body', async () => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'invalid_body' });
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['form data', 'application/x-www-form-urlencoded'],
    ['JSON with a wrong type', 'application/jsonx'],
  ])('rejects %s with unsupported_content_type', async (_label, type) => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      body: '{"name":"Rex","categoryId":1}',
      headers: { 'content-type': type },
    });
    expect(response.status).toBe(400);
    expect(json(response)).toMatchObject({ code: 'unsupported_content_type', status: 400 });
    expect(service.state.pets()).toEqual([]);
  });

  it('rejects a POST without any content type', async () => {
    const service = await serve({ seed: 0 });
    const response = await fetch(`${service.url}/pets`, {
      method: 'POST',
      headers: { authorization: 'Bearer kennel-demo-free' },
      body: new Uint8Array(Buffer.from('{"name":"Rex","categoryId":1}')),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'unsupported_content_type' });
  });

  it('answers 413 for a body above the size limit', async () => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'POST', '/pets', {
      json: { name: 'x'.repeat(100_000), categoryId: 1 },
    });
    expect(response.status).toBe(413);
    expect(json(response)).toMatchObject({ code: 'payload_too_large', status: 413 });
  });
});
