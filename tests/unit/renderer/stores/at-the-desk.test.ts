import { hostname } from 'node:os';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { KennelApi } from '../../../../electron/contract/bridge';
import { historyEvent } from '../../../../src/data/history-desk';
import { useAtTheDeskStore } from '../../../../src/stores/at-the-desk';
import { startRealCore, type RealCore } from '../support/real-core';

// The real core answers who the computer is.
const bridge = vi.hoisted(() => ({ api: null as KennelApi | null }));
vi.mock('../../../../src/api', () => ({
  api: new Proxy(
    {},
    {
      get:
        (_target, method: string) =>
        (...args: unknown[]) => {
          if (bridge.api === null) throw new Error('The core is not running');
          return (bridge.api[method as keyof KennelApi] as (...a: unknown[]) => unknown)(...args);
        },
    },
  ),
}));

let core: RealCore;

beforeAll(async () => {
  core = await startRealCore({ seed: 43 });
  bridge.api = core.api;
});

afterAll(async () => {
  bridge.api = null;
  await core.close();
});

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, String(value)),
  });
  setActivePinia(createPinia());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The computer's name, once the core has said it. */
async function computerNamed(store: ReturnType<typeof useAtTheDeskStore>): Promise<void> {
  await vi.waitFor(() => expect(store.name).toBe(hostname().trim().slice(0, 60)));
}

describe('at-the-desk store: who every history row names', () => {
  it("stamps rows with the computer's name, then with the name staff give the desk", async () => {
    const desk = useAtTheDeskStore();
    await computerNamed(desk);
    await nextTick();
    expect(historyEvent('typed').desk).toBe(hostname().trim().slice(0, 60));

    expect(desk.rename('   ')).toBe(false);
    expect(desk.rename('  Front   desk ')).toBe(true);
    await nextTick();

    expect(historyEvent('sent', { petId: '7' })).toMatchObject({ desk: 'Front desk', petId: '7' });
    // Kept on this computer: the next start names the desk the same.
    setActivePinia(createPinia());
    expect(useAtTheDeskStore().name).toBe('Front desk');
  });

  it('stamps the initials given at a shift start, and none once they are cleared', async () => {
    const desk = useAtTheDeskStore();
    await computerNamed(desk);
    desk.noteUsed(Date.now(), true);
    expect(desk.asking).toBe(true);

    expect(desk.giveInitials('a,b')).toBe(false);
    expect(desk.asking).toBe(true);
    expect(desk.giveInitials('mj')).toBe(true);
    await nextTick();
    expect(desk.asking).toBe(false);
    expect(historyEvent('typed').initials).toBe('MJ');

    expect(desk.giveInitials('')).toBe(true);
    await nextTick();
    expect(historyEvent('typed')).not.toHaveProperty('initials');
  });
});
