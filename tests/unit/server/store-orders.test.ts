import { describe, expect, it } from 'vitest';
import { call, json, useServices } from './support';

const serve = useServices();

interface WireOrder {
  id: number;
  petId: number;
  quantity: number;
  shipDate: string;
  status: string;
  complete: boolean;
}

describe('GET /v1/store/orders', () => {
  it('answers the fixed example orders in the reference shape', async () => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'GET', '/store/orders');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const orders = json<WireOrder[]>(response);
    expect(orders).toHaveLength(4);
    for (const order of orders) {
      expect(Object.keys(order).sort()).toEqual(
        ['complete', 'id', 'petId', 'quantity', 'shipDate', 'status'].sort(),
      );
      expect(new Date(order.shipDate).toISOString()).toBe(order.shipDate);
      expect(['placed', 'approved', 'delivered']).toContain(order.status);
      expect(typeof order.complete).toBe('boolean');
      expect(Number.isInteger(order.quantity) && order.quantity > 0).toBe(true);
    }
    expect(new Set(orders.map((order) => order.status)).size).toBe(3);
  });

  it('writes ids above 2^53 with every digit', async () => {
    const service = await serve({ seed: 0 });
    const response = await call(service, 'GET', '/store/orders');
    expect(response.text).toContain('"petId":9007199254740993,');
    expect(response.text).toContain('"id":9007199254740995,');
    expect(response.text).not.toMatch(/"(id|petId)":"/);
  });

  it('answers the same set every time and whatever the animals', async () => {
    const first = await serve({ seed: 0 });
    const second = await serve({ seed: 350, bigIds: true, pagination: true });
    const a = await call(first, 'GET', '/store/orders');
    const b = await call(second, 'GET', '/store/orders');
    expect(b.text).toBe(a.text);
    expect((await call(first, 'GET', '/store/orders')).text).toBe(a.text);
  });

  it('requires the API key and counts against the rate limit', async () => {
    const service = await serve({
      seed: 0,
      keys: { 'tiny-key': { name: 'Tiny', perMinute: 1, perDay: 100 } },
    });
    const anonymous = await call(service, 'GET', '/store/orders', { key: null });
    expect(anonymous.status).toBe(401);
    expect(json(anonymous)).toMatchObject({ code: 'unauthorized', status: 401 });
    const allowed = await call(service, 'GET', '/store/orders', { key: 'tiny-key' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await call(service, 'GET', '/store/orders', { key: 'tiny-key' });
    expect(refused.status).toBe(429);
    expect(refused.text).not.toContain('petId');
  });
});
