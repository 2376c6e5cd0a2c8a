import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitState, RateLimitUpdate } from '../../../../electron/contract/pacing';
import { onRateLimit, publishRate } from '../../../../src/bridge/rate-feed';
import { selectTransport, type TransportEnvironment } from '../../../../src/bridge/select';
import { useRateLimitStore } from '../../../../src/stores/rate-limit';
import { startRealBridge, type RealBridge } from '../support/real-bridge';
import { rateLimitState } from '../support/rate-limit-state';

let bridge: RealBridge;
const stops: (() => void)[] = [];

beforeAll(async () => {
  bridge = await startRealBridge();
});
afterAll(() => bridge.close());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function heard(): RateLimitUpdate[] {
  const updates: RateLimitUpdate[] = [];
  stops.push(onRateLimit((update) => updates.push(update)));
  return updates;
}

function pageApi() {
  const storage = new Map<string, string>();
  const env: TransportEnvironment = {
    preload: undefined,
    location: { hash: `#token=${bridge.host.token}`, pathname: '/', search: '' },
    history: { state: null, replaceState: () => undefined },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    fetch: (input, init) => globalThis.fetch(new URL(String(input), bridge.host.origin), init),
  };
  return selectTransport(env).api;
}

const state = (patch: Partial<RateLimitState> = {}): RateLimitState =>
  rateLimitState({ limit: 60, remaining: 59, resetAt: 1_800_000_060_000, ...patch });

/** Waits for `check` to hold, a message between windows being a task away. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('the governor’s view, carried by the answers', () => {
  it('comes with each answer about the service, through the real web host, without being asked', async () => {
    const api = pageApi();
    const updates = heard();
    expect((await api.setKey('local', 'kennel-demo-free', {})).ok).toBe(true);
    expect(updates).toEqual([]);

    const listed = await api.listPets('local', { limit: 1 });
    expect(listed.ok).toBe(true);
    expect(updates.at(-1)).toMatchObject({ profile: 'local', state: { limit: 60, remaining: 59 } });
    await api.listPets('local', { limit: 1 });
    expect(updates.at(-1)?.state.remaining).toBe(58);
  });

  it('reaches the other windows of this desk, and takes theirs', async () => {
    const updates = heard();
    const otherWindow = new BroadcastChannel('kennel-rate-limit');
    const seenThere: unknown[] = [];
    otherWindow.onmessage = (event: MessageEvent<unknown>) => seenThere.push(event.data);
    try {
      publishRate({ profile: 'staging', state: state({ remaining: 10 }) });
      await until(() => seenThere.length === 1);
      expect(seenThere[0]).toMatchObject({ profile: 'staging', state: { remaining: 10 } });

      otherWindow.postMessage({ profile: 'staging', state: state({ remaining: 9 }) });
      await until(() => updates.length === 2);
      expect(updates.map((u) => u.state.remaining)).toEqual([10, 9]);
    } finally {
      otherWindow.close();
    }
  });

  it('ignores what is not a view of a key', () => {
    const updates = heard();
    publishRate({ profile: 'local' });
    publishRate({ profile: 'local', state: { ...state(), remaining: 'lots' } });
    publishRate('paused');
    expect(updates).toEqual([]);
  });

  it('is what the header shows, for the profile shown only', () => {
    setActivePinia(createPinia());
    const store = useRateLimitStore();
    store.start();
    stops.push(() => store.stop());
    publishRate({ profile: 'local', state: state({ remaining: 42 }) });
    expect(store.state?.remaining).toBe(42);
    publishRate({ profile: 'production', state: state({ remaining: 1 }) });
    expect(store.state?.remaining).toBe(42);
  });
});
