import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../electron/contract/bridge';
import { createKennelCore } from '../../../electron/core/index';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { useTempDirs } from './helpers/temp-dir';
import { createFileKeyStore } from '../../helpers/file-key-store';

type KennelCore = ReturnType<typeof createKennelCore>;

const tempDir = useTempDirs();
const KEY = 'kennel-demo-pro';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function pair(
  options: Parameters<typeof startReferenceService>[0],
): Promise<{ service: ReferenceService; kennel: KennelCore }> {
  const service = await startReferenceService({ port: 0, seed: 0, ...options });
  cleanups.push(() => service.close());
  const dataDir = await tempDir();
  const kennel = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: 'test',
    env: { KENNEL_LOCAL_URL: service.url, KENNEL_LOCAL_KEY: KEY },
    deadlineMs: 20_000,
    attemptTimeoutMs: 10_000,
  });
  cleanups.push(() => kennel.close());
  return { service, kennel };
}

const creates = (service: ReferenceService): number =>
  service.state.requests.filter((r) => r.method === 'POST').length;

describe('a create left running by a window that went away', () => {
  it('is cancelled before it is sent, so nothing reaches the service', async () => {
    // One request per long window: after a read spends it, the create waits in the governor.
    const { service, kennel } = await pair({
      keys: { [KEY]: { name: 'Tiny', perMinute: 1, perDay: 100 } },
      windows: { minuteMs: 10_000 },
    });
    expect((await kennel.dispatch('listPets', ['local', { limit: 1 }])).ok).toBe(true);
    const stale = kennel.dispatch('createPet', [
      'local',
      { name: 'Left', categoryId: '2' },
      { idempotencyKey: 'stale-1' },
    ]);
    const ended = await kennel.dispatch('cancelCreate', ['local', { idempotencyKey: 'stale-1' }]);
    expect(ended).toEqual<BridgeResult<boolean>>({ ok: true, value: true });
    const result = await stale;
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error.outcomeUnknown).toBe(false);
    expect(creates(service)).toBe(0);
    expect(service.state.pets()).toEqual([]);
  });

  it('is cut off when already sent, and answers false once nothing runs', async () => {
    const { service, kennel } = await pair({ faults: { latencyMs: 2_000 } });
    const stale = kennel.dispatch('createPet', [
      'local',
      { name: 'Sent', categoryId: '2' },
      { idempotencyKey: 'stale-2' },
    ]);
    // Wait until the request is at the service, as a window dying mid-send leaves it.
    while (creates(service) === 0) await new Promise((r) => setTimeout(r, 10));
    const ended = await kennel.dispatch('cancelCreate', ['local', { idempotencyKey: 'stale-2' }]);
    expect(ended).toEqual<BridgeResult<boolean>>({ ok: true, value: true });
    const result = await stale;
    expect(result.ok ? null : result.error.outcomeUnknown).toBe(true);
    expect(await kennel.dispatch('cancelCreate', ['local', { idempotencyKey: 'stale-2' }])).toEqual(
      { ok: true, value: false },
    );
  });

  it('leaves other creates alone', async () => {
    const { service, kennel } = await pair({ faults: { latencyMs: 300 } });
    const other = kennel.dispatch('createPet', [
      'local',
      { name: 'Other', categoryId: '2' },
      { idempotencyKey: 'other-1' },
    ]);
    expect(await kennel.dispatch('cancelCreate', ['local', { idempotencyKey: 'stale-3' }])).toEqual(
      { ok: true, value: false },
    );
    expect((await other).ok).toBe(true);
    expect(service.state.pets().map((p) => p.name)).toEqual(['Other']);
  });
});
