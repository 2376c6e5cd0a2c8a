// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { saveHoldSeconds } from '../../../../src/data/hold';
import { KennelDb } from '../../../../src/data/db';
import { META_KEYS, parseSharedStatus } from '../../../../src/sync/status-mirror';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { createSyncEngine, syncLockName, type SyncEngine } from '../../../../src/sync/engine';
import { freshIdb, freshProfileDb } from '../data/test-db';
import { createFakeLocks } from './fake-locks';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi } from './scripted-api';
import { testRandom } from '../support/seed';

const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

/** Two windows of one browser profile: the same IndexedDB, the same lock manager. */
function twoWindows() {
  const idb = freshIdb();
  const locks = createFakeLocks();
  const windows = [0, 1].map(() => {
    const db = new KennelDb('kennel-local', idb);
    // Not about the hold: none, set as Settings sets it, before any test write.
    void saveHoldSeconds(db, 0);
    const s = scriptedApi();
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks,
    });
    engines.push(engine);
    return { db, s, engine };
  });
  return { locks, a: windows[0]!, b: windows[1]! };
}

describe('single replayer', () => {
  it('lets exactly one window replay while the other mirrors its status', async () => {
    const { locks, a, b } = twoWindows();
    a.engine.start();
    await eventually(() => a.engine.status.value.isLeader, 'a leads');
    b.engine.start();
    for (const name of ['one', 'two', 'three']) {
      await enqueueIntake(b.db, 'local', { name, categoryId: '1' });
    }
    await eventually(async () => (await a.db.outbox.count()) === 0, 'drained');

    expect(a.s.creates.map((c) => c.pet.name)).toEqual(['one', 'two', 'three']);
    expect(b.s.creates).toEqual([]);
    expect(b.engine.status.value.isLeader).toBe(false);
    const snapshot = await locks.query();
    expect(snapshot.held?.map((l) => l.name)).toEqual([syncLockName('local')]);
    expect(snapshot.pending?.map((l) => l.name)).toEqual([syncLockName('local')]);

    // The follower shows the leader's view, read back from the meta table.
    await eventually(
      () => b.engine.status.value.lastSyncAt === a.engine.status.value.lastSyncAt,
      'mirrored lastSyncAt',
    );
    expect(b.engine.status.value).toMatchObject({ connection: 'online', isLeader: false });
  });

  it('hands over to the waiting window when the leader stops', async () => {
    const { a, b } = twoWindows();
    a.engine.start();
    await eventually(() => a.engine.status.value.isLeader, 'a leads');
    b.engine.start();
    await a.engine.stop();
    await eventually(() => b.engine.status.value.isLeader, 'b takes over');
    await enqueueIntake(a.db, 'local', { name: 'after', categoryId: '1' });
    await eventually(async () => (await b.db.outbox.count()) === 0, 'b drained');
    expect(b.s.creates.map((c) => c.pet.name)).toEqual(['after']);
    expect(a.s.creates).toEqual([]);
  });

  it('passes a follower\u2019s "Sync now" to the leader', async () => {
    const { a, b } = twoWindows();
    a.s.setCreate(() => ({ kind: 'unauthorized', message: 'No key.', status: 401 }));
    a.engine.start();
    await eventually(() => a.engine.status.value.isLeader, 'a leads');
    b.engine.start();
    await enqueueIntake(b.db, 'local', { name: 'held', categoryId: '1' });
    await eventually(() => b.engine.status.value.blockedBy === 'unauthorized', 'mirrored block');

    a.s.setCreate(() => undefined);
    await b.engine.syncNow();
    await eventually(async () => (await a.db.outbox.count()) === 0, 'drained by the leader');
    expect(a.s.creates.map((c) => c.pet.name)).toEqual(['held', 'held']);
    expect(b.s.creates).toEqual([]);
    await eventually(() => b.engine.status.value.blockedBy === null, 'mirrored unblock');
  });

  it('a follower stopping before it ever led leaves the leader alone', async () => {
    const { a, b } = twoWindows();
    a.engine.start();
    await eventually(() => a.engine.status.value.isLeader, 'a leads');
    b.engine.start();
    await b.engine.stop();
    await enqueueIntake(a.db, 'local', { name: 'still', categoryId: '1' });
    await eventually(async () => (await a.db.outbox.count()) === 0, 'a still drains');
    expect(a.engine.status.value.isLeader).toBe(true);
    expect(b.engine.status.value.isLeader).toBe(false);
  });
});

describe('the status shared through meta', () => {
  it('writes progress at most once per interval, and the final state at once', async () => {
    const db = freshProfileDb();
    for (let i = 0; i < 20; i++)
      await enqueueIntake(db, 'local', { name: `n${i}`, categoryId: '1' });
    let writes = 0;
    const count = (key: unknown) => {
      if (key === META_KEYS.status) writes += 1;
    };
    db.meta.hook('creating', (key) => count(key));
    db.meta.hook('updating', (_mods, key) => count(key));
    const s = scriptedApi();
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks: null,
      statusPublishIntervalMs: 60_000,
    });
    engines.push(engine);
    engine.start();
    await eventually(() => engine.status.value.lastSyncAt !== null, 'drained');
    expect(s.creates).toHaveLength(20);
    // Twenty entries are forty progress ticks; only changes of state are written at once.
    expect(writes).toBeLessThanOrEqual(6);
    await eventually(async () => {
      const stored = parseSharedStatus((await db.meta.get(META_KEYS.status))?.value);
      return stored?.syncing === null && stored.lastSyncAt === engine.status.value.lastSyncAt;
    }, 'the final state stored');
  });

  it('a new leader clears the progress a dead leader left behind', async () => {
    const idb = freshIdb();
    const locks = createFakeLocks();
    const db = new KennelDb('kennel-local', idb);
    // A window that took the lead, learned the service answers, and died mid-drain.
    let die: () => void = () => undefined;
    void locks.request(syncLockName('local'), () => new Promise<void>((r) => (die = r)));
    await db.meta.put({
      key: META_KEYS.status,
      value: {
        connection: 'online',
        blockedBy: null,
        syncing: { done: 1, total: 5 },
        lastSyncAt: null,
        lastError: null,
      },
    });
    const s = scriptedApi();
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks,
    });
    engines.push(engine);
    engine.start();
    await eventually(() => engine.status.value.syncing?.total === 5, 'mirrored');

    die();
    await eventually(() => engine.status.value.isLeader, 'took over');
    // What it learned of the service holds; the drain it interrupted is over.
    expect(engine.status.value).toMatchObject({ connection: 'online', syncing: null });
    await eventually(async () => {
      const stored = parseSharedStatus((await db.meta.get(META_KEYS.status))?.value);
      return stored !== null && stored.syncing === null;
    }, 'stale progress cleared for every window');
  });
});
