// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { startServiceWithCore, type ServiceWithCore } from './service-pair';
import { testRandom } from '../support/seed';

const open: { engine?: SyncEngine; pair?: ServiceWithCore }[] = [];
afterEach(async () => {
  for (const { engine, pair } of open.splice(0)) {
    await engine?.stop();
    await pair?.close();
  }
});

describe('a window that died mid-send left its create running on the Node side', () => {
  for (const idempotency of [false, true]) {
    it(`the next window ends it, waits, finds the animal and sends nothing (idempotency ${idempotency ? 'on' : 'off'})`, async () => {
      // The service takes a while before it creates (less than the core's 1 s
      // attempt timeout): the dead window's call is still out.
      const pair = await startServiceWithCore({
        faults: { latencyMs: 900 },
        service: { idempotency },
        deadlineMs: 5_000,
      });
      const db = freshProfileDb();
      await enqueueIntake(db, 'local', { name: 'Orphaned', categoryId: '4', status: 'pending' });
      const [entry] = await readOutbox(db);
      if (!entry) throw new Error('no entry');
      // What the dead window left: its entry claimed, its call on its way.
      await db.outbox.update(entry.id, {
        state: 'sending',
        attempts: 1,
        lastAttemptAt: Date.now(),
      });
      const stale = pair.api.createPet('local', entry.payload, {
        idempotencyKey: entry.idempotencyKey,
      });
      await eventually(() => pair.createRequests() === 1, 'the stale create reached the service');

      const engine = createSyncEngine({
        random: testRandom(),
        profile: 'local',
        db,
        api: pair.api,
        locks: null,
        // Short of the service's 900 ms, so the next window finds the dead
        // window's call still running when it may look (600 ms after taking
        // over); its lookup, 600 ms after the cut, comes after the creation.
        reconcileDelays: { afterFailureMs: 5, afterTimeoutMs: 600 },
        probeBackoff: { baseMs: 20, capMs: 40 },
      });
      open.push({ engine, pair });
      engine.start();

      // Cut off by the next window (or, on a slow machine, answered before it looked).
      await stale;
      await eventually(async () => (await db.outbox.count()) === 0, 'entry settled', {
        timeoutMs: 20_000,
      });
      expect(pair.storedPets().map((p) => p.name)).toEqual(['Orphaned']);
      expect(pair.createRequests()).toBe(1);
    });
  }
});
