import { createPinia, setActivePinia } from 'pinia';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KennelApi } from '../../../../electron/contract/bridge';
import { useKeysStore } from '../../../../src/stores/keys';
import { useProfileStore } from '../../../../src/stores/profile';
import { startRealCore, type RealCore } from '../support/real-core';

// The real core in front of a real service; only the delivery of the profile
// list can be held back, as a busy computer delays an answer.
const bridge = vi.hoisted(() => ({
  api: null as KennelApi | null,
  holdList: null as Promise<void> | null,
  listAnswered: (): void => {},
}));
vi.mock('../../../../src/api', () => ({
  api: new Proxy(
    {},
    {
      get:
        (_target, method: string) =>
        async (...args: unknown[]) => {
          if (bridge.api === null) throw new Error('The core is not running');
          const call = bridge.api[method as keyof KennelApi] as (...a: unknown[]) => unknown;
          const answer = await call(...args);
          if (method === 'listProfiles' && bridge.holdList !== null) {
            bridge.listAnswered();
            await bridge.holdList;
          }
          return answer;
        },
    },
  ),
}));

let core: RealCore;

beforeAll(async () => {
  core = await startRealCore({ seed: 31 });
  bridge.api = core.api;
  const address = await core.api.setBaseUrl('staging', core.service.url);
  if (!address.ok) throw new Error(address.error.message);
});

afterAll(async () => {
  bridge.api = null;
  await core.close();
});

beforeEach(() => {
  setActivePinia(createPinia());
  bridge.holdList = null;
});

describe('profile store: what the Node side knows of each profile', () => {
  it('a profile list asked for before a key was saved does not take the key back', async () => {
    const profile = useProfileStore();
    await profile.load();
    expect(profile.profiles.find((p) => p.name === 'staging')?.hasKey).toBe(false);

    let release = (): void => {};
    bridge.holdList = new Promise((resolve) => (release = resolve));
    const answered = new Promise<void>((resolve) => (bridge.listAnswered = resolve));
    // A profile switch asks for the list: the Node side answers "no key", and
    // the answer is slow to reach the window.
    const slowLoad = profile.load();
    await answered;

    const keys = useKeysStore();
    await keys.open('staging', 'missing');
    expect(await keys.save('kennel-demo-business', true)).toBe(true);
    expect(profile.profiles.find((p) => p.name === 'staging')?.hasKey).toBe(true);

    release();
    await slowLoad;
    // The late answer still says "no key": the key just saved stands.
    expect(profile.profiles.find((p) => p.name === 'staging')?.hasKey).toBe(true);
    expect(profile.profiles.map((p) => p.name)).toEqual(['local', 'staging', 'production']);

    // A list asked for after the save is taken whole again.
    await core.api.clearKey('staging');
    await profile.load();
    expect(profile.profiles.find((p) => p.name === 'staging')?.hasKey).toBe(false);
  });
});
