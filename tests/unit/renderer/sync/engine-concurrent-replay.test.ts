// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake, readOutbox } from '../../../../src/data/outbox';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import {
  CALM_AFTER_FAILURE,
  MAX_IN_FLIGHT as SHIPPED_IN_FLIGHT,
} from '../../../../src/sync/replayer';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi } from './scripted-api';

const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

function startEngine(options: Parameters<typeof createSyncEngine>[0]): SyncEngine {
  const engine = createSyncEngine({ locks: null, maxInFlight: MAX_IN_FLIGHT, ...options });
  engines.push(engine);
  engine.start();
  return engine;
}

async function intake(db: KennelDb, count: number, prefix = 'animal'): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);
  for (const name of names) {
    const r = await enqueueIntake(db, 'local', { name, categoryId: '3', status: 'available' });
    if (!r.ok) throw new Error('intake failed');
  }
  return names;
}

const drained = (db: KennelDb) => async () => (await db.outbox.count()) === 0;

/** Several in flight, as an engine told so runs. */
const MAX_IN_FLIGHT = 4;

/**
 * A queue longer than the window has left, and a window one create at a time
 * cannot spend before it resets: 6 left, 30 ms a create, the reset always
 * 60 ms away once its second of precision is taken off, as across a slow
 * network in a long drain.
 */
function tightWindow(s: ReturnType<typeof scriptedApi>, remaining = 6): void {
  s.setRemaining(remaining);
  s.setResetIn(1_060);
  s.setCreateDelay(30);
}

describe('replay with several creates in flight', () => {
  it('sends one at a time unless told otherwise', async () => {
    const db = freshProfileDb();
    await intake(db, 12);
    const s = scriptedApi();
    tightWindow(s);

    const engine = createSyncEngine({ profile: 'local', db, api: s.api, locks: null });
    engines.push(engine);
    engine.start();
    await eventually(drained(db), 'outbox drained');

    expect(SHIPPED_IN_FLIGHT).toBe(1);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('starts creates in queue order, several at once when one at a time would leave the window unspent, each sent once', async () => {
    const db = freshProfileDb();
    const names = await intake(db, 20);
    const s = scriptedApi();
    tightWindow(s, 10);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates.map((c) => c.pet.name)).toEqual(names);
    expect(new Set(s.creates.map((c) => c.idempotencyKey)).size).toBe(20);
    expect(s.created.size).toBe(20);
    expect(s.maxConcurrentCreates()).toBe(MAX_IN_FLIGHT);
    // The first goes alone: how long a create takes is not known before it.
    expect(s.creates[0]!.inFlight).toBe(1);
  });

  it('sends one at a time when that spends the window before it resets', async () => {
    const db = freshProfileDb();
    await intake(db, 8);
    const s = scriptedApi();
    // 100 a minute: one at a time keeps up unless a create took over 0.48 s.
    s.setLimit(100);
    s.setRemaining(100);
    s.setResetIn(60_000);
    s.setCreateDelay(30);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(8);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('sends one at a time when the queue, not the window, is what one at a time can send before the reset', async () => {
    // 100 left, the reset 2 s away (1 s after the margin for whole seconds),
    // 30 ms a create, a plan of 100 a minute: 10 animals fit in the window,
    // so they go at the plan's rate, one at a time; 120 do not, and the
    // window must be spent before it resets.
    const short = freshProfileDb();
    await intake(short, 10);
    const s = scriptedApi();
    s.setLimit(100);
    s.setRemaining(100);
    s.setResetIn(2_000);
    s.setCreateDelay(30);
    startEngine({ profile: 'local', db: short, api: s.api });
    await eventually(drained(short), 'short queue drained');
    expect(s.maxConcurrentCreates()).toBe(1);

    const long = freshProfileDb();
    await intake(long, 120, 'long');
    const l = scriptedApi();
    l.setLimit(100);
    l.setRemaining(100);
    l.setResetIn(2_000);
    l.setCreateDelay(30);
    startEngine({ profile: 'local', db: long, api: l.api });
    await eventually(drained(long), 'long queue drained', { timeoutMs: 20_000 });
    expect(l.maxConcurrentCreates()).toBeGreaterThan(1);
  });

  it('learns a window shorter than a minute from its resets and keeps up with its rate', async () => {
    const db = freshProfileDb();
    await intake(db, 40);
    const s = scriptedApi();
    // 200 a window and 30 ms a create: one at a time keeps up with a
    // minute's window (unless a create took 0.24 s), not with a 2-second one.
    s.setLimit(200);
    s.setRemaining(200);
    s.setCreateDelay(30);
    const first = Date.now() + 30_000;
    s.setResetAt(first);
    s.setCreate((_call, i) => {
      if (i === 5) s.setResetAt(first + 2_000);
      return undefined;
    });

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates.slice(0, 6).map((c) => c.inFlight)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Math.max(...s.creates.map((c) => c.inFlight))).toBe(MAX_IN_FLIGHT);
  });

  it('sends one at a time while the service’s limit is not known', async () => {
    const db = freshProfileDb();
    await intake(db, 5);
    const s = scriptedApi();
    s.setCreateDelay(20);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(5);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('sends one at a time while other desks spend from the same window', async () => {
    const db = freshProfileDb();
    await intake(db, 8);
    const s = scriptedApi();
    tightWindow(s);
    s.setShared(true);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(8);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('keeps to one at a time when the engine is told so', async () => {
    const db = freshProfileDb();
    await intake(db, 6);
    const s = scriptedApi();
    tightWindow(s);

    startEngine({ profile: 'local', db, api: s.api, maxInFlight: 1 });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(6);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('never has more in flight than the governor has left in the window', async () => {
    const db = freshProfileDb();
    await intake(db, 12);
    const s = scriptedApi();
    // A plan far above what one at a time sends, and two left: as many at
    // once as the window allows.
    s.setLimit(100_000);
    s.setRemaining(2);
    s.setResetIn(60_000);
    s.setCreateDelay(30);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(12);
    expect(s.maxConcurrentCreates()).toBe(2);
  });

  it('goes back to one at a time after a failed create until enough went through', async () => {
    const db = freshProfileDb();
    await intake(db, 30);
    const s = scriptedApi();
    tightWindow(s);
    let failed = false;
    s.setCreate((call) => {
      if (call.pet.name !== 'animal 10' || failed) return undefined;
      failed = true;
      return { kind: 'server', message: 'Service trouble.', status: 503 };
    });

    startEngine({ profile: 'local', db, api: s.api, random: () => 0 });
    await eventually(drained(db), 'outbox drained');

    const retried = s.creates.findLastIndex((c) => c.pet.name === 'animal 10');
    const after = s.creates.slice(retried, retried + CALM_AFTER_FAILURE);
    expect(after.map((c) => c.inFlight)).toEqual(Array(CALM_AFTER_FAILURE).fill(1));
    expect(Math.max(...s.creates.slice(retried).map((c) => c.inFlight))).toBeGreaterThan(1);
    expect(new Set(s.created.values()).size).toBe(30);
  });

  it('starts nothing more once the service asks to pause, and loses nothing', async () => {
    const db = freshProfileDb();
    await intake(db, 10);
    const s = scriptedApi();
    tightWindow(s);
    let refused = false;
    s.setCreate((call) => {
      if (call.pet.name !== 'animal 3' || refused) return undefined;
      refused = true;
      return { kind: 'rate-limited', message: 'slow down', status: 429, retryAt: Date.now() + 300 };
    });

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained after the pause');

    // Before the pause ended, no create started after the refused one's
    // in-flight companions: the pause holds back the rest of the queue.
    const refusedAt = s.creates.findIndex((c) => c.pet.name === 'animal 3');
    const resumedAt = s.creates.findIndex((c, i) => i > refusedAt && c.pet.name === 'animal 3');
    expect(resumedAt).toBeGreaterThan(refusedAt);
    expect(s.creates[refusedAt]!.inFlight).toBeGreaterThan(1);
    const startedDuringPause = s.creates
      .slice(refusedAt + 1, resumedAt)
      .filter((c) => c.at < s.creates[refusedAt]!.at + 250);
    expect(startedDuringPause.length).toBeLessThan(MAX_IN_FLIGHT);
    expect(s.created.size).toBe(10);
    const sent = new Set(s.created.values());
    expect(sent.size).toBe(10);
    expect(await readOutbox(db)).toEqual([]);
  });

  it('counts creates that fail together as one failure for the backoff', async () => {
    const db = freshProfileDb();
    await intake(db, 10);
    const s = scriptedApi();
    tightWindow(s);
    // The first goes through; then the network goes while several are in flight.
    s.setCreate((call, i) =>
      i > 0
        ? { kind: 'network', message: `Down for ${call.pet.name}.`, outcomeUnknown: false }
        : undefined,
    );
    s.setList(() => ({ kind: 'network', message: 'Down.' }));
    const baseMs = 60_000;

    startEngine({
      profile: 'local',
      db,
      api: s.api,
      random: () => 1,
      probeBackoff: { baseMs, capMs: 3_600_000 },
    });
    await eventually(
      async () =>
        s.creates.length > 2 &&
        (await readOutbox(db)).filter((e) => e.lastError).length === s.creates.length - 1,
      'the creates in flight failed',
    );
    const failedAt = Date.now();
    expect(s.maxConcurrentCreates()).toBeGreaterThan(1);

    // One failure's wait (the base), not one doubled per create in flight.
    const waits = (await readOutbox(db))
      .filter((e) => e.lastError)
      .map((e) => e.nextAttemptAt - failedAt);
    expect(waits.length).toBeGreaterThan(1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(baseMs);
    expect(Math.min(...waits)).toBeGreaterThan(baseMs / 2);
  });
});
