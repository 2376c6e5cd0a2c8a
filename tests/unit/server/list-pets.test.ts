import { describe, expect, it } from 'vitest';
import { call, json, useServices } from './support';

const serve = useServices();

interface WirePet {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}

describe('GET /v1/pets', () => {
  it('answers 20 animals by default, in ascending id order', async () => {
    const service = await serve({ seed: 36 });
    const response = await call(service, 'GET', '/pets');
    expect(response.status).toBe(200);
    const pets = json<WirePet[]>(response);
    expect(pets).toHaveLength(20);
    expect(pets.map((pet) => pet.id)).toEqual([...pets.map((pet) => pet.id)].sort((a, b) => a - b));
    expect(pets[0]?.id).toBe(1);
  });

  it('honours limit between 1 and 100', async () => {
    const service = await serve({ seed: 150 });
    expect(json<WirePet[]>(await call(service, 'GET', '/pets?limit=1'))).toHaveLength(1);
    expect(json<WirePet[]>(await call(service, 'GET', '/pets?limit=100'))).toHaveLength(100);
    expect(json<WirePet[]>(await call(service, 'GET', '/pets?limit=7'))).toHaveLength(7);
  });

  it.each(['0', '101', '-1', 'abc', '1.5', '', '99999999999999999999999'])(
    'rejects limit=%s with a 400 Error',
    async (limit) => {
      const service = await serve({ seed: 3 });
      const response = await call(service, 'GET', `/pets?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(json(response)).toMatchObject({ code: 'invalid_parameter', status: 400 });
      expect(json<{ message: string }>(response).message).toContain('limit');
    },
  );

  it('rejects a repeated limit', async () => {
    const service = await serve({ seed: 3 });
    const response = await call(service, 'GET', '/pets?limit=1&limit=2');
    expect(response.status).toBe(400);
  });

  it('filters by each status', async () => {
    const service = await serve({ seed: 36 });
    for (const status of ['available', 'pending', 'sold']) {
      const pets = json<WirePet[]>(await call(service, 'GET', `/pets?status=${status}&limit=100`));
      expect(pets.length).toBeGreaterThan(0);
      expect(pets.every((pet) => pet.status === status)).toBe(true);
    }
  });

  it('rejects an unknown status', async () => {
    const service = await serve({ seed: 3 });
    const response = await call(service, 'GET', '/pets?status=adopted');
    expect(response.status).toBe(400);
    expect(json<{ message: string }>(response).message).toContain('available, pending, sold');
  });

  it('seeds varied demo animals, some without status, and nothing with seed 0', async () => {
    const seeded = await serve({ seed: 36 });
    const pets = json<WirePet[]>(await call(seeded, 'GET', '/pets?limit=100'));
    expect(pets).toHaveLength(36);
    expect(new Set(pets.map((pet) => pet.name)).size).toBe(36);
    expect(new Set(pets.map((pet) => pet.categoryId)).size).toBeGreaterThan(3);
    expect(pets.some((pet) => pet.status === undefined)).toBe(true);
    const empty = await serve({ seed: 0 });
    expect(json(await call(empty, 'GET', '/pets'))).toEqual([]);
  });
});
