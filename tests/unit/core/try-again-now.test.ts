import { afterEach, describe, expect, it } from 'vitest';
import type { NewPet } from '../../../electron/contract/pet';
import type { RateLimitState } from '../../../electron/contract/pacing';
import { createKennelCore } from '../../../electron/core/index';
import { createFileKeyStore } from '../../helpers/file-key-store';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { useTempDirs } from './helpers/temp-dir';

/**
 * "Try again now" against the reference service, through the real Kennel
 * core. The service bans a key whose third request arrives inside the wait a
 * 429 asked for; the key's day is spent, so every request meets that wait.
 * The service's day figures are not sent, so Kennel cannot know beforehand.
 */
const KEY = 'kennel-try-again-key';
const ANIMAL: NewPet = { name: 'Biscuit', categoryId: '1' };
const tempDir = useTempDirs();
let svc: ReferenceService | null = null;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
  await svc?.close();
  svc = null;
});

/** A service whose key has `perDay` requests a day, each answer 200 ms away, and a core using it. */
async function shelter(perDay: number) {
  svc = await startReferenceService({
    port: 0,
    seed: 0,
    keys: { [KEY]: { name: 'Tiny', perMinute: 100, perDay } },
    faults: { latencyMs: 200 },
  });
  const dataDir = await tempDir();
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: '1.0.0',
    env: { KENNEL_LOCAL_URL: svc.url },
    deadlineMs: 5_000,
  });
  cleanups.push(() => core.close());
  const saved = await core.dispatch('setKey', ['local', KEY, {}]);
  if (!saved.ok) throw new Error('the key was not saved');
  let made = 0;
  const create = () =>
    core.dispatch('createPet', ['local', ANIMAL, { idempotencyKey: `try-again-${(made += 1)}` }]);
  const rate = async (): Promise<RateLimitState> => {
    const answer = await core.dispatch('rateLimit', ['local']);
    if (!answer.ok) throw new Error('no rate-limit state');
    return answer.value as RateLimitState;
  };
  const endPause = async (): Promise<boolean> => {
    const answer = await core.dispatch('endPause', ['local']);
    return answer.ok && answer.value === true;
  };
  return { service: svc, create, rate, endPause };
}

describe('"Try again now" against the reference service', () => {
  it('never gets the key banned when three of ours were out as the 429 came', async () => {
    const { service, create, rate, endPause } = await shelter(1);
    expect((await create()).ok).toBe(true);

    // Three at once into a spent day: the first opens the wait, the other two land in it.
    const refused = await Promise.all([create(), create(), create()]);
    expect(refused.every((answer) => !answer.ok)).toBe(true);
    const statuses = service.state.requests.map((request) => request.status);
    expect(statuses).toEqual([201, 429, 429, 429]);
    expect(service.state.stats.bans).toBe(0);

    // Staff press "Try again now" whenever it is offered, and add an animal.
    for (let press = 0; press < 3; press += 1) {
      if ((await rate()).pauseEndable) await endPause();
      await create();
    }
    expect(service.state.stats.bans).toBe(0);
    expect((await rate()).pauseEndable).toBe(false);
  });

  it('is offered after a single 429 with nothing else out, and then one request goes first', async () => {
    const { service, create, rate, endPause } = await shelter(1);
    expect((await create()).ok).toBe(true);
    expect((await create()).ok).toBe(false);
    expect(service.state.requests).toHaveLength(2);

    const paused = await rate();
    expect(paused.pausedUntil).not.toBeNull();
    expect(paused.pauseEndable).toBe(true);
    expect(await endPause()).toBe(true);

    // Three waiting creates: one learns whether the service still refuses, the others wait for it.
    const tried = await Promise.all([create(), create(), create()]);
    expect(tried.every((answer) => !answer.ok)).toBe(true);
    expect(service.state.requests.map((request) => request.status)).toEqual([201, 429, 429]);
    expect(service.state.stats.bans).toBe(0);
    // It was refused inside the wait: not offered a second time in this pause.
    expect((await rate()).pauseEndable).toBe(false);
    expect(await endPause()).toBe(false);
  });
});
