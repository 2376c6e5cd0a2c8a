import { describe, expect, it } from 'vitest';
import { startReferenceService } from '../../../server/index';
import { call, json, postPet, until, useServices, FREE_KEY } from './support';

const serve = useServices();
const rex = { name: 'Rex', categoryId: 3 };

describe('faults', () => {
  it('holds an answer while a request sent after it is answered', async () => {
    const service = await serve({ seed: 1, faults: { latencyMs: 60_000 } });
    let settled = false;
    const held = fetch(`${service.url}/pets`, {
      headers: { authorization: `Bearer ${FREE_KEY}` },
    }).finally(() => {
      settled = true;
    });
    await until(() => service.state.requests.length === 1);
    // The held answer has taken its latency; later requests go through at once.
    service.state.setFaults({});
    const later = await call(service, 'GET', '/pets');
    expect(later.status).toBe(200);
    expect(service.state.requests.map((record) => record.status)).toEqual([0, 200]);
    expect(settled).toBe(false);
    // Closing ends the held request (a 500 or a closed connection) instead of
    // letting it outlive the service; the answer it was holding never goes out.
    await service.close();
    const outcome = await held.then(
      (response) => response.status,
      () => 'closed',
    );
    expect([500, 'closed']).toContain(outcome);
  });

  it('answers once the latency has been spent', async () => {
    const service = await serve({ seed: 1, faults: { latencyMs: 50 } });
    const response = await call(service, 'GET', '/pets');
    expect(response.status).toBe(200);
    expect(service.state.requests[0]?.status).toBe(200);
  });

  it('answers injected errors without effect', async () => {
    const service = await serve({ seed: 0, faults: { errorRate: 1 } });
    const seen = new Set<number>();
    for (let index = 0; index < 12; index += 1) {
      const response = await call(service, 'POST', '/pets', { json: rex });
      seen.add(response.status);
      expect(json(response)).toMatchObject({ code: 'server_error', status: response.status });
    }
    expect([...seen].every((status) => [500, 502, 503].includes(status))).toBe(true);
    expect(service.state.pets()).toHaveLength(0);
  });

  it('uses the configured error statuses', async () => {
    const service = await serve({ seed: 1, faults: { errorRate: 1, errorStatuses: [503] } });
    for (let index = 0; index < 3; index += 1) {
      expect((await call(service, 'GET', '/pets')).status).toBe(503);
    }
  });

  it('answers injected 429s with Retry-After without spending budget', async () => {
    const service = await serve({ seed: 1, faults: { rate429: 1 } });
    const response = await call(service, 'GET', '/pets');
    expect(response.status).toBe(429);
    expect(json(response)).toMatchObject({ code: 'rate_limited' });
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('60');
    expect(service.state.stats.rateLimited).toBe(1);
  });

  it('asks for the wait rate429RetryMs gives in its injected 429s', async () => {
    const service = await serve({ seed: 1, faults: { rate429: 1, rate429RetryMs: 31_000 } });
    const response = await call(service, 'GET', '/pets');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('31');
  });

  it('drops connections before the request takes effect', async () => {
    const service = await serve({ seed: 0, faults: { dropBeforeRate: 1 } });
    await expect(postPet(service, rex)).rejects.toThrow();
    expect(service.state.pets()).toHaveLength(0);
    expect(service.state.stats.dropped).toBe(1);
    expect(service.state.requests[0]?.status).toBe('dropped');
  });

  it('replaces faults at run time', async () => {
    const service = await serve({ seed: 1 });
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
    service.state.setFaults({ errorRate: 1, errorStatuses: [502] });
    expect((await call(service, 'GET', '/pets')).status).toBe(502);
    service.state.setFaults({});
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
  });

  it('rejects bad faults with a clear error', async () => {
    await expect(startReferenceService({ faults: { errorRate: 2 } })).rejects.toThrow(
      'faults.errorRate must be a number between 0 and 1.',
    );
    const service = await serve({ seed: 0 });
    expect(() => service.state.setFaults({ errorStatuses: [200] })).toThrow(RangeError);
    expect(() => service.state.setFaults({ latencyMs: -1 })).toThrow('faults.latencyMs');
    expect(() => service.state.setFaults({ errorAfterCreateRate: -0.1 })).toThrow(
      'faults.errorAfterCreateRate must be a number between 0 and 1.',
    );
    expect(() => service.state.setFaults({ slowAfterCreateRate: 1.5 })).toThrow(
      'faults.slowAfterCreateRate',
    );
    expect(() => service.state.setFaults({ slowAfterCreateMs: Number.NaN })).toThrow(
      'faults.slowAfterCreateMs must be a number of milliseconds, 0 or more.',
    );
    // After a creation only a server-side failure is a plausible answer.
    expect(() => service.state.setFaults({ errorAfterCreateStatuses: [409] })).toThrow(
      'faults.errorAfterCreateStatuses must hold server error statuses (500-599).',
    );
    expect(() => service.state.setFaults({ errorAfterCreateStatuses: [] })).toThrow(
      'faults.errorAfterCreateStatuses must not be empty.',
    );
  });
});
