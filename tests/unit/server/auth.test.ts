import { describe, expect, it } from 'vitest';
import { keyIdFor, DEMO_KEYS } from '../../../server/index';
import { call, json, useServices, FREE_KEY } from './support';

const serve = useServices();

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['an unknown key', { authorization: 'Bearer kennel-demo-nope' }],
    ['a key that is a prefix of a real one', { authorization: 'Bearer kennel-demo-fre' }],
    ['Basic credentials', { authorization: 'Basic a2VubmVsLWRlbW8tZnJlZTo=' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 unauthorized for %s', async (_label, headers) => {
    const service = await serve({ seed: 3 });
    for (const path of ['/pets', '/pets/1', '/store/orders']) {
      const response = await call(service, 'GET', path, { key: null, headers });
      expect(response.status).toBe(401);
      expect(json(response)).toMatchObject({ code: 'unauthorized', status: 401 });
    }
    const create = await call(service, 'POST', '/pets', {
      key: null,
      headers,
      json: { name: 'Rex', categoryId: 1 },
    });
    expect(create.status).toBe(401);
    expect(service.state.pets()).toHaveLength(3);
  });

  it('accepts every demo key, case-insensitive scheme', async () => {
    const service = await serve({ seed: 1 });
    for (const [key, plan] of Object.entries(DEMO_KEYS)) {
      const response = await call(service, 'GET', '/pets', {
        key: null,
        headers: { authorization: `bearer ${key}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(plan.perMinute));
    }
  });

  it('never records or echoes the raw key', async () => {
    const service = await serve({ seed: 1 });
    const ok = await call(service, 'GET', '/pets');
    const bad = await call(service, 'GET', '/pets', { key: 'secret-wrong-key' });
    expect(ok.text + bad.text).not.toContain(FREE_KEY);
    expect(bad.text).not.toContain('secret-wrong-key');
    const records = JSON.stringify(service.state.requests);
    expect(records).not.toContain(FREE_KEY);
    expect(records).not.toContain('secret-wrong-key');
    expect(service.state.requests.map((record) => record.keyId)).toEqual([
      keyIdFor(FREE_KEY, DEMO_KEYS[FREE_KEY]!),
      'anonymous',
    ]);
  });
});
