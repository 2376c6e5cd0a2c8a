// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_HELD_CODE } from '../../../../electron/contract/errors';
import { countPets, findCachedPet } from '../../../../src/data/pets';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox, waitingCount } from '../../../../src/data/outbox-reads';
import { publishRate } from '../../../../src/bridge/rate-feed';
import { rateLimitState } from '../support/rate-limit-state';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi } from './scripted-api';
import { installVirtualClock, type VirtualClock } from './virtual-clock';
import { testRandom } from '../support/seed';

const engines: SyncEngine[] = [];
/** The virtual clock of a test that installed one (see 'a long pause ended early'). */
let clock: VirtualClock | null = null;
afterEach(async () => {
  const stopped = Promise.all(engines.splice(0).map((e) => e.stop()));
  await (clock ? clock.run(stopped) : stopped);
  clock?.uninstall();
  clock = null;
  vi.unstubAllGlobals();
});

function setup(extra: Partial<Parameters<typeof createSyncEngine>[0]> = {}) {
  const db = freshProfileDb();
  const s = scriptedApi();
  s.created.set('seed-1', { id: '1', name: 'one', categoryId: '1', status: 'available' });
  s.created.set('seed-2', { id: '2', name: 'two', categoryId: '1', status: 'sold' });
  const engine = createSyncEngine({
    random: testRandom(),
    profile: 'local',
    db,
    api: s.api,
    locks: null,
    probeBackoff: { baseMs: 20, capMs: 40 },
    ...extra,
  });
  engines.push(engine);
  engine.start();
  return { db, s, engine };
}

describe('refresh', () => {
  it('writes the catalogue into the cache and marks the service online', async () => {
    const { db, s, engine } = setup();
    expect(engine.status.value.connection).toBe('unknown');
    const result = await engine.refresh({ lane: 'user' });
    expect(result).toMatchObject({ ok: true, value: { fetched: 2, requests: 1, complete: true } });
    // The unfiltered list came back short of the limit: it holds every status.
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);
    expect(await findCachedPet(db, '2')).toMatchObject({ name: 'two', status: 'sold' });
    expect(await countPets(db, 'all')).toBe(2);
    expect(engine.status.value.connection).toBe('online');
  });

  it('stays quiet when background work is held back for intake', async () => {
    const { s, engine } = setup();
    s.setList(() => ({
      kind: 'rate-limited',
      message: 'Held for intake.',
      code: BACKGROUND_HELD_CODE,
      // The day's share is spent: nothing to sit out within a refresh.
      retryAt: Date.now() + 3_600_000,
    }));
    const result = await engine.refresh({ lane: 'background' });
    expect(result).toMatchObject({ ok: false, error: { code: BACKGROUND_HELD_CODE } });
    expect(engine.status.value).toMatchObject({ connection: 'unknown', lastError: null });
  });

  it('goes offline when the service does not answer, then probes sparingly until it does', async () => {
    const { s, engine } = setup();
    let failing = 3;
    s.setList(() =>
      failing-- > 0 ? { kind: 'network', message: 'Cannot reach the service.' } : undefined,
    );
    const result = await engine.refresh({ lane: 'user' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(engine.status.value).toMatchObject({
      connection: 'offline',
      lastError: { kind: 'network', message: 'Cannot reach the service.' },
    });
    expect(engine.status.value.lastError).not.toBe('Cannot reach the service.');
    await eventually(() => engine.status.value.connection === 'online', 'back online');
    // The refresh, two failing probes, one that got through; probes are one-animal pages.
    expect(s.lists.map((l) => l.query)).toEqual([
      { limit: 100 },
      { limit: 1 },
      { limit: 1 },
      { limit: 1 },
    ]);
  });

  it('asks for a key on 401; says a 429, whose pause is the governor’s to keep', async () => {
    const onUnauthorized = vi.fn();
    const { s, engine } = setup({ onUnauthorized });
    s.setList(() => ({ kind: 'unauthorized', message: 'Key refused.', status: 401 }));
    expect((await engine.refresh({ lane: 'user' })).ok).toBe(false);
    expect(engine.status.value.blockedBy).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    const retryAt = Date.now() + 60_000;
    s.setList(() => ({
      kind: 'rate-limited',
      message: 'Too many requests.',
      status: 429,
      retryAt,
    }));
    await engine.refresh({ lane: 'user' });
    expect(engine.status.value).toMatchObject({ lastError: { kind: 'rate-limited', retryAt } });
    expect(engine.status.value.connection).not.toBe('offline');
  });
});

describe('probing', () => {
  it('probes at once on the window online event, not before', async () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const waits: (number | null)[] = [];
    const { s, engine } = setup({
      probeBackoff: { baseMs: 60_000, capMs: 60_000 },
      random: () => 1,
      onIdle: (wakeAt) => waits.push(wakeAt),
    });
    s.setList((_call, i) => (i === 0 ? { kind: 'timeout', message: 'Timed out.' } : undefined));
    const failedAt = Date.now();
    await engine.refresh({ lane: 'user' });
    expect(engine.status.value.connection).toBe('offline');
    // The replayer saw the failure and waits a whole backoff before probing.
    await eventually(
      () => waits.some((at) => at !== null && at >= failedAt + 60_000),
      'waiting to probe',
    );
    expect(s.lists).toHaveLength(1);

    target.dispatchEvent(new Event('online'));
    await eventually(() => engine.status.value.connection === 'online', 'online after the event');
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }, { limit: 1 }]);
  });

  it('probes at once on syncNow while offline', async () => {
    const { s, engine } = setup({ probeBackoff: { baseMs: 60_000, capMs: 60_000 } });
    s.setList((_call, i) => (i === 0 ? { kind: 'network', message: 'Down.' } : undefined));
    await engine.refresh({ lane: 'user' });
    await engine.syncNow();
    expect(engine.status.value.connection).toBe('online');
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }, { limit: 1 }]);
  });

  it('keeps nothing of the page a probe read', async () => {
    const { db, s, engine } = setup({ probeBackoff: { baseMs: 60_000, capMs: 60_000 } });
    s.setList((_call, i) => (i === 0 ? { kind: 'network', message: 'Down.' } : undefined));
    await engine.refresh({ lane: 'user' });
    await engine.syncNow();
    expect(engine.status.value.connection).toBe('online');
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }, { limit: 1 }]);
    // The service's first animal answered the probe; the list never asked for it.
    expect(await countPets(db, 'all')).toBe(0);
  });

  it('asks for a refresh once one animal queued while offline has gone after the service came back', async () => {
    const sent: number[] = [];
    const { db, s, engine } = setup({
      probeBackoff: { baseMs: 60_000, capMs: 60_000 },
      onQueueSent: () => sent.push(sent.length),
    });
    s.setList((_call, i) => (i === 0 ? { kind: 'network', message: 'Down.' } : undefined));
    await engine.refresh({ lane: 'user' });
    expect(engine.status.value.connection).toBe('offline');
    await enqueueIntake(db, 'local', { name: 'Away', categoryId: '3', status: 'available' });
    await engine.syncNow();
    await eventually(async () => expect(await waitingCount(db)).toBe(0));
    await eventually(() => expect(sent).toEqual([0]));
    expect(s.creates.map((c) => c.pet.name)).toEqual(['Away']);
  });

  it('does not probe while online and idle', async () => {
    const waits: (number | null)[] = [];
    const { s, engine } = setup({ onIdle: (wakeAt) => waits.push(wakeAt) });
    await engine.refresh({ lane: 'user' });
    await engine.syncNow();
    // The pass is over and the replayer waits for a change, with no timer of its own.
    expect(waits.at(-1)).toBeNull();
    expect(s.lists).toHaveLength(1);
    expect(s.creates).toHaveLength(0);
  });
});

describe('a long pause ended early', () => {
  /**
   * An engine on the virtual clock whose one intake the service paused for an
   * hour, waiting for that hour's end: the point where a view of the
   * governor's decides whether what waited goes now.
   */
  async function waitingOutAPause(answer: 'once' | 'always') {
    const virtual = (clock = installVirtualClock());
    const waits: (number | null)[] = [];
    const { db, s } = setup({ onIdle: (wakeAt) => waits.push(wakeAt) });
    const retryAt = Date.now() + 3_600_000;
    const refused = {
      kind: 'rate-limited',
      message: 'Too many requests.',
      status: 429,
      retryAt,
    } as const;
    s.setCreate((_call, index) => (answer === 'always' || index === 0 ? refused : undefined));
    await enqueueIntake(db, 'local', { name: 'Bella', categoryId: '1', status: 'available' });
    await virtual.until(() => waits.at(-1) === retryAt, 'waiting for the end of the pause');
    expect((await readOutbox(db))[0]?.nextAttemptAt).toBe(retryAt);
    expect(s.creates).toHaveLength(1);
    return { virtual, db, s, waits, retryAt };
  }

  it('sends what waited for it at once when the governor says the pause was ended, and not before', async () => {
    const { virtual, db, s, waits, retryAt } = await waitingOutAPause('once');
    const passes = waits.length;
    // The governor's view while it pauses: the engine keeps waiting. Everything
    // it could do runs out before the clock moves, and it did nothing.
    publishRate({
      profile: 'local',
      state: rateLimitState({ pausedUntil: retryAt, pauseEndable: true }),
    });
    await virtual.settle();
    expect(s.creates).toHaveLength(1);
    expect(waits).toHaveLength(passes);

    // "Try again now", in this window or another: the governor's pause is gone,
    // and what waited goes at that very moment, not at the pause's end.
    const endedAt = virtual.now();
    publishRate({ profile: 'local', state: rateLimitState({ pausedUntil: null }) });
    await virtual.until(async () => (await waitingCount(db)) === 0, 'sent after the pause ended');
    expect(s.creates).toHaveLength(2);
    expect(s.creates[1]?.at).toBe(endedAt);
    expect(endedAt).toBeLessThan(retryAt);
  });

  it('does not mistake another profile’s view, or one still paused, for the pause ended', async () => {
    const { virtual, db, s, waits, retryAt } = await waitingOutAPause('always');
    const passes = waits.length;
    publishRate({ profile: 'local', state: rateLimitState({ pausedUntil: retryAt }) });
    publishRate({ profile: 'staging', state: rateLimitState({ pausedUntil: null }) });
    await virtual.settle();
    expect(s.creates).toHaveLength(1);
    expect(waits).toHaveLength(passes);
    expect(await waitingCount(db)).toBe(1);

    // The engine was listening: its own profile's view with no pause sends at once.
    const endedAt = virtual.now();
    publishRate({ profile: 'local', state: rateLimitState({ pausedUntil: null }) });
    await virtual.until(() => s.creates.length === 2, 'sent once its own pause ended');
    expect(s.creates[1]?.at).toBe(endedAt);
  });
});
