// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake, readOutbox } from '../../../../src/data/outbox';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { MAX_IN_FLIGHT as SHIPPED_IN_FLIGHT } from '../../../../src/sync/replayer';

/** Several in flight, as an engine told so runs. */
const MAX_IN_FLIGHT = 6;
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

describe('replay with several creates in flight', () => {
  it('sends one at a time unless told otherwise', async () => {
    const db = freshProfileDb();
    await intake(db, 5);
    const s = scriptedApi();
    s.setRemaining(100);
    s.setCreateDelay(20);

    const engine = createSyncEngine({ profile: 'local', db, api: s.api, locks: null });
    engines.push(engine);
    engine.start();
    await eventually(drained(db), 'outbox drained');

    expect(SHIPPED_IN_FLIGHT).toBe(1);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('starts creates in queue order, several at once, each sent once', async () => {
    const db = freshProfileDb();
    const names = await intake(db, 20);
    const s = scriptedApi();
    s.setRemaining(100);
    s.setCreateDelay(30);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates.map((c) => c.pet.name)).toEqual(names);
    expect(new Set(s.creates.map((c) => c.idempotencyKey)).size).toBe(20);
    expect(s.created.size).toBe(20);
    expect(s.maxConcurrentCreates()).toBeGreaterThan(1);
    expect(s.maxConcurrentCreates()).toBeLessThanOrEqual(MAX_IN_FLIGHT);
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

  it('keeps to one at a time when the engine is told so', async () => {
    const db = freshProfileDb();
    await intake(db, 6);
    const s = scriptedApi();
    s.setRemaining(100);
    s.setCreateDelay(20);

    startEngine({ profile: 'local', db, api: s.api, maxInFlight: 1 });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(6);
    expect(s.maxConcurrentCreates()).toBe(1);
  });

  it('never has more in flight than the governor has left in the window', async () => {
    const db = freshProfileDb();
    await intake(db, 12);
    const s = scriptedApi();
    s.setRemaining(2);
    s.setCreateDelay(25);

    startEngine({ profile: 'local', db, api: s.api });
    await eventually(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(12);
    expect(s.maxConcurrentCreates()).toBe(2);
  });

  it('starts nothing more once the service asks to pause, and loses nothing', async () => {
    const db = freshProfileDb();
    await intake(db, 10);
    const s = scriptedApi();
    s.setRemaining(100);
    s.setCreateDelay(20);
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
    await intake(db, 8);
    const s = scriptedApi();
    s.setRemaining(100);
    s.setCreateDelay(20);
    // The network goes while several creates are in flight: every one fails.
    s.setCreate((call, i) =>
      i < MAX_IN_FLIGHT
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
      async () => (await readOutbox(db)).filter((e) => e.lastError).length === MAX_IN_FLIGHT,
      'the creates in flight failed',
    );
    const failedAt = Date.now();

    // One failure's wait (the base), not one doubled per create in flight.
    const waits = (await readOutbox(db))
      .filter((e) => e.lastError)
      .map((e) => e.nextAttemptAt - failedAt);
    expect(Math.max(...waits)).toBeLessThanOrEqual(baseMs);
    expect(Math.min(...waits)).toBeGreaterThan(baseMs / 2);
  });
});
