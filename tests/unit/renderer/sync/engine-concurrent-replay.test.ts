// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watch } from 'vue';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { CALM_AFTER_FAILURE, MAX_IN_FLIGHT } from '../../../../src/sync/replayer';
import { freshProfileDb } from '../data/test-db';
import { scriptedApi, type EngineApi, type ScriptedApi } from './scripted-api';
import { installVirtualClock, type VirtualClock } from './virtual-clock';
import { testRandom } from '../support/seed';

// Every wait of the engine runs on the virtual clock: its paces and pauses are
// exact virtual times, whatever the machine's load.
let clock: VirtualClock;
beforeEach(() => {
  clock = installVirtualClock();
});
const engines: SyncEngine[] = [];
const unwatch: (() => void)[] = [];
afterEach(async () => {
  for (const stop of unwatch.splice(0)) stop();
  await clock.run(Promise.all(engines.splice(0).map((e) => e.stop())));
  clock.uninstall();
});

/** An engine as shipped (several in flight at most {@link MAX_IN_FLIGHT}) unless told otherwise. */
function startEngine(options: Parameters<typeof createSyncEngine>[0]): SyncEngine {
  const engine = createSyncEngine({ random: testRandom(), locks: null, ...options });
  engines.push(engine);
  engine.start();
  return engine;
}

async function intake(db: KennelDb, count: number, prefix = 'animal'): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);
  for (const name of names) {
    await enqueueIntake(db, 'local', { name, categoryId: '3', status: 'available' });
  }
  return names;
}

/** Makes the `index`th queued entry one sent by an earlier run whose answer never came, due to be looked up. */
async function loseAnswer(db: KennelDb, index: number): Promise<void> {
  const entry = (await readOutbox(db))[index]!;
  await db.outbox.update(entry.id, {
    attempts: 1,
    outcomeUnknownAt: Date.now() - 60_000,
    lookupAfter: Date.now() - 1,
  });
}

const drained = (db: KennelDb) => async () => (await db.outbox.count()) === 0;

/** Creates that take 100 ms to answer, so several are out at once. */
function slowAnswers(s: ScriptedApi): void {
  s.setCreateDelay(100);
}

const most = (values: number[]): number => Math.max(...values);
const inFlight = (s: ScriptedApi, from = 0, to?: number): number[] =>
  s.creates.slice(from, to).map((c) => c.inFlight);

describe('replay with several creates in flight', () => {
  it('starts creates in queue order, several out at once, each sent once', async () => {
    const db = freshProfileDb();
    const names = await intake(db, 20);
    const s = scriptedApi();
    slowAnswers(s);

    startEngine({ profile: 'local', db, api: s.api });
    await clock.until(drained(db), 'outbox drained');

    expect(s.creates.map((c) => c.pet.name)).toEqual(names);
    expect(new Set(s.creates.map((c) => c.idempotencyKey)).size).toBe(20);
    expect(new Set(s.created.values()).size).toBe(20);
    // The replayer keeps as many out as it may; when each is sent is the
    // governor's to decide on the Node side (see governor.test.ts).
    expect(MAX_IN_FLIGHT).toBe(3);
    expect(s.maxConcurrentCreates()).toBe(MAX_IN_FLIGHT);
  });

  for (const bound of [MAX_IN_FLIGHT, 2]) {
    it(`never has more than ${bound} in flight${bound === MAX_IN_FLIGHT ? ' as shipped' : ' when the engine is told so'}`, async () => {
      const db = freshProfileDb();
      await intake(db, 3 * bound);
      const s = scriptedApi();
      s.setCreateDelay(200);

      const maxInFlight = bound === MAX_IN_FLIGHT ? {} : { maxInFlight: bound };
      startEngine({ profile: 'local', db, api: s.api, ...maxInFlight });
      await clock.until(drained(db), 'outbox drained');

      expect(s.creates).toHaveLength(3 * bound);
      expect(s.maxConcurrentCreates()).toBe(bound);
    });
  }

  it('settles a lost answer alone: nothing else in flight while it is looked up and sent again', async () => {
    const db = freshProfileDb();
    const names = await intake(db, 12);
    // The animal is not on the service, so it is sent again once looked for.
    await loseAnswer(db, 5);
    const s = scriptedApi();
    slowAnswers(s);
    let out = 0;
    const outAtLookups: number[] = [];
    const api: EngineApi = {
      ...s.api,
      async createPet(...args) {
        out += 1;
        try {
          return await s.api.createPet(...args);
        } finally {
          out -= 1;
        }
      },
      async listPets(...args) {
        outAtLookups.push(out);
        return s.api.listPets(...args);
      },
      async listPetsPage(...args) {
        outAtLookups.push(out);
        return s.api.listPetsPage(...args);
      },
    };

    startEngine({ profile: 'local', db, api });
    await clock.until(drained(db), 'outbox drained');

    expect(s.creates.map((c) => c.pet.name)).toEqual(names);
    expect(outAtLookups.length).toBeGreaterThan(0);
    expect(outAtLookups.every((n) => n === 0)).toBe(true);
    // Sent again after the ones before it answered, and answered before the
    // next one started.
    expect(inFlight(s, 5, 7)).toEqual([1, 1]);
    // Several before it and after it: a lost answer settled is no failure.
    expect(most(inFlight(s, 0, 5))).toBeGreaterThan(1);
    expect(most(inFlight(s, 7))).toBeGreaterThan(1);
  });

  it('goes back to one at a time after a failed create until enough went through', async () => {
    const db = freshProfileDb();
    await intake(db, 20);
    const s = scriptedApi();
    slowAnswers(s);
    let failed = false;
    s.setCreate((call) => {
      if (call.pet.name !== 'animal 6' || failed) return undefined;
      failed = true;
      // Said so by the service: nothing was created, nothing to look up.
      return { kind: 'server', message: 'Service trouble.', status: 503, outcomeUnknown: false };
    });

    startEngine({ profile: 'local', db, api: s.api, random: () => 0 });
    await clock.until(drained(db), 'outbox drained');

    const failedAt = s.creates.findIndex((c) => c.pet.name === 'animal 6');
    const retried = s.creates.findLastIndex((c) => c.pet.name === 'animal 6');
    expect(retried).toBeGreaterThan(failedAt);
    expect(most(inFlight(s, 0, retried))).toBeGreaterThan(1);
    expect(inFlight(s, retried, retried + CALM_AFTER_FAILURE)).toEqual(
      Array(CALM_AFTER_FAILURE).fill(1),
    );
    expect(most(inFlight(s, retried))).toBeGreaterThan(1);
    expect(new Set(s.created.values()).size).toBe(20);
  });

  it('goes back to one at a time after a lost answer’s lookup failed', async () => {
    const db = freshProfileDb();
    await intake(db, 14);
    await loseAnswer(db, 0);
    const s = scriptedApi();
    slowAnswers(s);
    s.setList((_call, i) =>
      i === 0 ? { kind: 'server', message: 'Service trouble.', status: 500 } : undefined,
    );

    startEngine({ profile: 'local', db, api: s.api, random: () => 0 });
    await clock.until(drained(db), 'outbox drained');

    expect(s.creates[0]!.pet.name).toBe('animal 1');
    // The lost answer's create, then the calm: each alone, the one after
    // them too, since it starts only once the last of them ended.
    expect(inFlight(s, 0, CALM_AFTER_FAILURE + 1)).toEqual(Array(CALM_AFTER_FAILURE + 1).fill(1));
    expect(most(inFlight(s))).toBeGreaterThan(1);
  });

  it('keeps several at once after an animal the service refused', async () => {
    const db = freshProfileDb();
    await intake(db, 12);
    const s = scriptedApi();
    slowAnswers(s);
    // How many creates had started when the refusal came.
    let startedBefore = Infinity;
    s.setCreate((call) => {
      if (call.pet.name !== 'animal 4') return undefined;
      startedBefore = s.creates.length;
      return { kind: 'validation', message: 'Name is too long.', status: 400 };
    });

    startEngine({ profile: 'local', db, api: s.api });
    await clock.until(() => s.created.size === 11, 'the others sent');

    // The refusal says nothing about the service: no calm follows it.
    const after = s.creates.slice(startedBefore, startedBefore + CALM_AFTER_FAILURE);
    expect(after).toHaveLength(CALM_AFTER_FAILURE);
    expect(most(after.map((c) => c.inFlight))).toBeGreaterThan(1);
    expect(s.creates).toHaveLength(12);
    const outbox = await readOutbox(db);
    expect(outbox.map((e) => [e.payload.name, e.state])).toEqual([['animal 4', 'needs-attention']]);
  });

  it('starts nothing more once the service asks to pause, and loses nothing', async () => {
    const db = freshProfileDb();
    await intake(db, 10);
    const s = scriptedApi();
    slowAnswers(s);
    // What happened, in order: each start, the refusal, the engine's pause
    // taking effect (its status), the end of the pause the service asked for
    // (a timer set with the refusal, so it goes off before any of the
    // engine's for the same moment), and the virtual time of each.
    const events: { what: string; at: number }[] = [];
    const seen = (what: string): void => void events.push({ what, at: Date.now() });
    let pauseEnd = Infinity;
    const api: EngineApi = {
      ...s.api,
      async createPet(profile, pet, options) {
        seen(`start ${pet.name}`);
        return s.api.createPet(profile, pet, options);
      },
    };
    s.setCreate((call) => {
      if (call.pet.name !== 'animal 3' || pauseEnd < Infinity) return undefined;
      seen('refused');
      pauseEnd = Date.now() + 800;
      setTimeout(() => seen('pause over'), 800);
      return { kind: 'rate-limited', message: 'slow down', status: 429, retryAt: pauseEnd };
    });

    const engine = startEngine({ profile: 'local', db, api });
    unwatch.push(
      watch(
        () => engine.status.value.connection,
        (connection) => {
          if (connection === 'paused') seen('paused');
        },
        { flush: 'sync' },
      ),
    );
    await clock.until(drained(db), 'outbox drained after the pause');
    await clock.until(() => events.some((e) => e.what === 'pause over'), 'the pause over');

    const refused = s.creates.findIndex((c) => c.pet.name === 'animal 3');
    const resumed = s.creates.findIndex((c, i) => i > refused && c.pet.name === 'animal 3');
    expect(resumed).toBeGreaterThan(refused);
    expect(most(inFlight(s, 0, refused + 1))).toBeGreaterThan(1);
    // Once the pause took effect, nothing started until it ended, though there
    // was room for more; then the refused one went first.
    const order = events.map((e) => e.what);
    const paused = order.indexOf('paused');
    const over = order.indexOf('pause over');
    expect(order.indexOf('refused')).toBeLessThan(paused);
    expect(over).toBeGreaterThan(paused);
    expect(order.slice(paused + 1, over).filter((what) => what.startsWith('start'))).toEqual([]);
    expect(order.slice(over + 1).find((what) => what.startsWith('start'))).toBe('start animal 3');
    expect(events[over]!.at).toBe(pauseEnd);
    expect(new Set(s.created.values()).size).toBe(10);
    expect(await readOutbox(db)).toEqual([]);
  });

  it('counts creates that fail together as one failure for the backoff', async () => {
    const db = freshProfileDb();
    await intake(db, 10);
    const s = scriptedApi();
    slowAnswers(s);
    // Several are on their way when the network goes.
    s.setCreateDelay(200);
    // The first goes through; then the network goes while several are in flight.
    const failedAt = new Map<string, number>();
    s.setCreate((call, i) => {
      if (i === 0) return undefined;
      failedAt.set(call.idempotencyKey, Date.now());
      return { kind: 'network', message: `Down for ${call.pet.name}.`, outcomeUnknown: false };
    });
    s.setList(() => ({ kind: 'network', message: 'Down.' }));
    const baseMs = 60_000;

    startEngine({
      profile: 'local',
      db,
      api: s.api,
      random: () => 1,
      probeBackoff: { baseMs, capMs: 3_600_000 },
    });
    await clock.until(
      async () =>
        s.creates.length > 2 &&
        (await readOutbox(db)).filter((e) => e.lastError).length === s.creates.length - 1,
      'the creates in flight failed',
    );
    expect(s.maxConcurrentCreates()).toBeGreaterThan(1);

    // One failure's wait (the base, with the jitter at its top), from when
    // each failed, not one doubled per create in flight.
    const failed = (await readOutbox(db)).filter((e) => e.lastError);
    expect(failed.length).toBeGreaterThan(1);
    expect(failed.map((e) => e.nextAttemptAt - failedAt.get(e.idempotencyKey)!)).toEqual(
      failed.map(() => baseMs),
    );
  });
});
