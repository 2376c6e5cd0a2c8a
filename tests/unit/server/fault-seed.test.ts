import { describe, expect, it } from 'vitest';
import { parseCli } from '../../../server/cli-options';
import { call, useServices } from './support';

const serve = useServices();

/** The statuses of `n` list reads from a service whose faults strike half of all requests. */
async function statusesOf(faultSeed: number | undefined, n = 40): Promise<number[]> {
  const service = await serve({
    seed: 1,
    ...(faultSeed === undefined ? {} : { faultSeed }),
    faults: { errorRate: 0.5, errorStatuses: [500, 502, 503] },
  });
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push((await call(service, 'GET', '/pets')).status);
  return statuses;
}

describe('fault dice from a seed', () => {
  it('strike the same requests with the same statuses for the same seed', async () => {
    const first = await statusesOf(20261126);
    expect(await statusesOf(20261126)).toEqual(first);
    // Both outcomes and several statuses were drawn, so the sequence says something.
    expect(new Set(first).size).toBeGreaterThan(2);
  });

  it('strike other requests for another seed', async () => {
    expect(await statusesOf(1)).not.toEqual(await statusesOf(2));
  });

  it('without a seed, strike the same requests on every start (no unseeded fallback)', async () => {
    const first = await statusesOf(undefined);
    expect(await statusesOf(undefined)).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(2);
  });

  it('take their seed from --fault-seed on the command line', () => {
    expect(parseCli(['--fault-seed', '42'])).toMatchObject({ options: { faultSeed: 42 } });
    expect(() => parseCli(['--fault-seed', '-1'])).toThrow(/--fault-seed/);
  });
});
