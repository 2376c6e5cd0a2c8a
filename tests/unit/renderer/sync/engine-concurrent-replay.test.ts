// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { MOST_ON_THE_WIRE } from '../../../../electron/contract/pacing';
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
afterEach(async () => {
  await clock.run(Promise.all(engines.splice(0).map((e) => e.stop())));
  clock.uninstall();
});

/**
 * Creates the engine hands to the governor at once: the three it puts on the
 * wire and three ready behind them, so an answer's slot is taken at once.
 */
const HANDED_OVER = MOST_ON_THE_WIRE + 3;

/** An engine as shipped unless told otherwise. */
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
    // The replayer keeps as many handed over as it may; when each is sent
    // is the governor's to decide on the Node side (see governor.test.ts).
    expect(s.maxConcurrentCreates()).toBe(HANDED_OVER);
  });

  it('never hands the governor more than three on the wire and three ready', async () => {
    const db = freshProfileDb();
    await intake(db, 3 * HANDED_OVER);
    const s = scriptedApi();
    s.setCreateDelay(200);

    startEngine({ profile: 'local', db, api: s.api });
    await clock.until(drained(db), 'outbox drained');

    expect(s.creates).toHaveLength(3 * HANDED_OVER);
    expect(s.maxConcurrentCreates()).toBe(HANDED_OVER);
  });

  it('hands the governor the next create before the answer before it is stored', async () => {
    const db = freshProfileDb();
    const names = await intake(db, 12);
    const s = scriptedApi();
    // The governor's side: what was handed over, in order, each answered
    // only when the test says.
    const handed: string[] = [];
    const answer = new Map<string, () => void>();
    const api: EngineApi = {
      ...s.api,
      async createPet(profile, pet, options) {
        handed.push(pet.name);
        await new Promise<void>((release) => answer.set(pet.name, release));
        return s.api.createPet(profile, pet, options);
      },
    };

    startEngine({ profile: 'local', db, api });
    // With no answer yet (none stored, let alone committed), three more wait
    // behind the three the governor puts on the wire: when an answer frees a
    // slot, the next is already there.
    await clock.until(() => handed.length === HANDED_OVER, 'six handed over');
    expect(handed).toEqual(names.slice(0, HANDED_OVER));
    expect(await db.outbox.count()).toBe(12);

    // One answer stored frees one place for the next in queue order.
    answer.get('animal 1')!();
    await clock.until(async () => (await db.outbox.count()) === 11, 'the first answer stored');
    await clock.until(() => handed.length === HANDED_OVER + 1, 'the next handed over');
    expect(handed.at(-1)).toBe(names[HANDED_OVER]);
    for (const name of names) {
      await clock.until(() => answer.has(name), `${name} handed over`);
      answer.get(name)!();
    }
    await clock.until(drained(db), 'outbox drained');
    expect(handed).toEqual(names);
  });

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
