// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { petsPage } from '../../../../src/data/pets';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { startServiceWithCore, type ServiceWithCore } from './service-pair';
import { testRandom } from '../support/seed';

const quick = { afterFailureMs: 5, afterTimeoutMs: 10 };

const open: { engine?: SyncEngine; pair?: ServiceWithCore }[] = [];
afterEach(async () => {
  for (const { engine, pair } of open.splice(0)) {
    await engine?.stop();
    await pair?.close();
  }
});

describe('sync against the reference service through the real core', () => {
  it('replays the whole outbox and swaps local keys for int64 ids', async () => {
    const pair = await startServiceWithCore();
    const db = freshProfileDb();
    for (const name of ['Ada', 'Bo', 'Cy']) {
      await enqueueIntake(db, 'local', { name, categoryId: '9007199254740993' });
    }
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: pair.api,
      locks: null,
    });
    open.push({ engine, pair });
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 0, 'outbox drained');

    const stored = pair.storedPets();
    // Creates start in queue order, but with several in flight the service
    // may number them in the order they arrive.
    expect(stored.map((p) => p.name).sort()).toEqual(['Ada', 'Bo', 'Cy']);
    expect(stored.every((p) => p.categoryId === '9007199254740993')).toBe(true);
    const page = await petsPage(db, 'all', 0, 10);
    expect(page.map((p) => [p.key, p.name, p.pending])).toEqual(
      [...stored].reverse().map((p) => [p.id, p.name, 0]),
    );
    expect(page.every((p) => !p.key.startsWith('local:'))).toBe(true);
    await eventually(() => engine.status.value.lastSyncAt !== null, 'lastSyncAt');
    expect(engine.status.value.connection).toBe('online');

    const refreshed = await engine.refresh({ lane: 'user' });
    expect(refreshed).toMatchObject({ ok: true, value: { fetched: 3, complete: true } });
  });

  it('creates exactly one animal when the service drops the answer to a create', async () => {
    const pair = await startServiceWithCore({ faults: { dropAfterCreateRate: 1 } });
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'Once', categoryId: '4' });
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: pair.api,
      locks: null,
      reconcileDelays: quick,
      probeBackoff: { baseMs: 20, capMs: 40 },
    });
    open.push({ engine, pair });
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 0, 'entry settled');
    // The answer was lost; the animal was found on the service instead of sent again.
    expect(pair.createRequests()).toBe(1);
    const stored = pair.storedPets();
    expect(stored.map((p) => p.name)).toEqual(['Once']);
    const page = await petsPage(db, 'all', 0, 10);
    expect(page.map((p) => [p.id, p.pending])).toEqual([[stored[0]?.id, 0]]);

    pair.setFaults({});
    await enqueueIntake(db, 'local', { name: 'Twice', categoryId: '4' });
    await eventually(async () => (await db.outbox.count()) === 0, 'second entry settled');
    expect(pair.storedPets().map((p) => p.name)).toEqual(['Once', 'Twice']);
  });

  it('creates exactly one animal when the outcome never reaches the window', async () => {
    const pair = await startServiceWithCore();
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'Lost', categoryId: '4' });
    const [entry] = await readOutbox(db);
    let lose = true;
    // The request reaches the service, but the window never hears the answer
    // (connection cut, window reloaded): the outcome is unknown.
    const api: ServiceWithCore['api'] = {
      ...pair.api,
      async createPet(...args) {
        const result = await pair.api.createPet(...args);
        if (!lose) return result;
        lose = false;
        return {
          ok: false,
          error: { kind: 'network', message: 'The connection dropped.', outcomeUnknown: true },
        };
      },
    };
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api,
      locks: null,
      probeBackoff: { baseMs: 20, capMs: 40 },
      reconcileDelays: quick,
    });
    open.push({ engine, pair });
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 0, 'entry settled');
    expect(pair.createRequests()).toBe(1);
    expect(pair.createKeys()).toEqual([entry?.idempotencyKey]);
    const stored = pair.storedPets();
    expect(stored.map((p) => p.name)).toEqual(['Lost']);
    expect((await petsPage(db, 'all', 0, 10)).map((p) => [p.id, p.pending])).toEqual([
      [stored[0]?.id, 0],
    ]);
  });
});
