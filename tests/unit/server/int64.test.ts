import { describe, expect, it } from 'vitest';
import { call, useServices } from './support';

const serve = useServices();
const TWO_53 = 2n ** 53n;

describe('int64 identifiers', () => {
  it('starts ids and seeded category ids above 2^53 with bigIds, written exactly', async () => {
    const service = await serve({ seed: 3, bigIds: true });
    const pets = service.state.pets();
    expect(pets.every((pet) => pet.id > TWO_53 && pet.categoryId > TWO_53)).toBe(true);
    const response = await call(service, 'GET', '/pets');
    for (const pet of pets) {
      expect(response.text).toContain(`"id":${pet.id},`);
      expect(response.text).toContain(`"categoryId":${pet.categoryId}`);
    }
    expect(response.text).not.toMatch(/"id":"/);
  });

  it('round-trips ids and category ids above 2^53 through create and get', async () => {
    const service = await serve({ seed: 1, bigIds: true });
    const categoryId = '9007199254740993'; // 2^53 + 1: a double would read 2^53
    const created = await call(service, 'POST', '/pets', {
      body: `{"name":"Atlas","categoryId":${categoryId}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    const stored = service.state.pets().at(-1);
    expect(stored?.categoryId).toBe(BigInt(categoryId));
    const id = String(stored?.id);
    expect(created.text).toBe(`{"id":${id},"name":"Atlas","categoryId":${categoryId}}`);
    expect(created.headers.get('location')).toBe(`/v1/pets/${id}`);
    const fetched = await call(service, 'GET', `/pets/${id}`);
    expect(fetched.text).toBe(created.text);
  });

  it('accepts the largest int64 category id', async () => {
    const service = await serve({ seed: 0 });
    const max = '9223372036854775807';
    const created = await call(service, 'POST', '/pets', {
      body: `{"name":"Max","categoryId":${max}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    expect(created.text).toContain(`"categoryId":${max}`);
    expect(service.state.pets()[0]?.categoryId).toBe(BigInt(max));
  });

  it('tells neighbouring big ids apart in lookups', async () => {
    const service = await serve({ seed: 2, bigIds: true });
    const [first, second] = service.state.pets();
    const a = await call(service, 'GET', `/pets/${first?.id}`);
    const b = await call(service, 'GET', `/pets/${second?.id}`);
    expect(a.text).toContain(`"id":${first?.id}`);
    expect(b.text).toContain(`"id":${second?.id}`);
    expect(a.text).not.toBe(b.text);
  });
});
