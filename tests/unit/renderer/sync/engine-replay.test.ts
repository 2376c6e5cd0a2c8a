// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { petsPage } from '../../../../src/data/pets';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { META_KEYS } from '../../../../src/sync/status-mirror';
import { errorMessage } from '../../../../src/errors/messages';
import { freshIdb, freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi } from './scripted-api';
import { testRandom } from '../support/seed';

const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

const quick = { afterFailureMs: 5, afterTimeoutMs: 10 };

function startEngine(options: Parameters<typeof createSyncEngine>[0]): SyncEngine {
  const engine = createSyncEngine({ random: testRandom(), locks: null, ...options });
  engines.push(engine);
  engine.start();
  return engine;
}

async function intake(db: KennelDb, names: string[]) {
  const keys: string[] = [];
  for (const name of names) {
    const r = await enqueueIntake(db, 'local', { name, categoryId: '3', status: 'available' });
    keys.push(r.localKey);
  }
  return keys;
}

describe('replay', () => {
  it('sends entries in seq order with their stored idempotency keys, then swaps ids', async () => {
    const db = freshProfileDb();
    await intake(db, ['first', 'second', 'third']);
    const keys = (await readOutbox(db)).map((e) => e.idempotencyKey);
    const s = scriptedApi(9007199254740993n);

    const engine = startEngine({ profile: 'local', db, api: s.api });
    await eventually(async () => (await db.outbox.count()) === 0, 'outbox drained');

    expect(s.creates.map((c) => c.pet.name)).toEqual(['first', 'second', 'third']);
    expect(s.creates.map((c) => c.idempotencyKey)).toEqual(keys);
    expect(s.creates.every((c) => c.profile === 'local')).toBe(true);
    const page = await petsPage(db, 'all', 0, 10);
    // Local rows replaced by the service's records, keyed by their real ids.
    expect(page.map((p) => [p.key, p.id, p.name, p.pending])).toEqual([
      ['9007199254740995', '9007199254740995', 'third', 0],
      ['9007199254740994', '9007199254740994', 'second', 0],
      ['9007199254740993', '9007199254740993', 'first', 0],
    ]);
    await eventually(() => engine.status.value.lastSyncAt !== null, 'lastSyncAt set');
    expect(engine.status.value).toMatchObject({
      connection: 'online',
      syncing: null,
      isLeader: true,
    });
    const stored = await db.meta.get(META_KEYS.lastSyncAt);
    expect(stored?.value).toBe(engine.status.value.lastSyncAt);
  });

  it('picks up entries taken in while it runs', async () => {
    const db = freshProfileDb();
    const s = scriptedApi();
    startEngine({ profile: 'local', db, api: s.api });
    await intake(db, ['later']);
    await eventually(async () => (await db.outbox.count()) === 0, 'new entry sent');
    expect(s.creates.map((c) => c.pet.name)).toEqual(['later']);
  });

  it('adopts the animal an entry left "sending" by a crash did create, without sending it again', async () => {
    const db = freshProfileDb();
    await intake(db, ['crashed', 'after']);
    const [entry] = await readOutbox(db);
    if (!entry) throw new Error('setup failed');
    // As a replayer that died after claiming the entry and sending it would leave it.
    await db.outbox.update(entry.id, { state: 'sending', attempts: 1, lastAttemptAt: Date.now() });
    const s = scriptedApi();
    // The first attempt did reach the service before the crash.
    s.created.set(entry.idempotencyKey, { id: '77', ...entry.payload });

    startEngine({ profile: 'local', db, api: s.api, reconcileDelays: quick });
    await eventually(async () => (await db.outbox.count()) === 0, 'recovered entry settled');
    expect(s.creates.map((c) => c.pet.name)).toEqual(['after']);
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100, status: 'available' }]);
    expect(s.created.size).toBe(2);
    expect((await petsPage(db, 'all', 0, 10)).map((p) => p.id)).toEqual(['1000', '77']);
  });

  it('sends an entry left "sending" by a crash again, with the same key, when the service does not have it', async () => {
    const db = freshProfileDb();
    await intake(db, ['crashed', 'after']);
    const [entry] = await readOutbox(db);
    if (!entry) throw new Error('setup failed');
    await db.outbox.update(entry.id, { state: 'sending', attempts: 1, lastAttemptAt: Date.now() });
    const s = scriptedApi();

    startEngine({ profile: 'local', db, api: s.api, reconcileDelays: quick });
    await eventually(async () => (await db.outbox.count()) === 0, 'recovered entry sent');
    expect(s.creates.map((c) => c.pet.name)).toEqual(['crashed', 'after']);
    expect(s.creates[0]?.idempotencyKey).toBe(entry.idempotencyKey);
    expect(s.created.size).toBe(2);
  });

  it('marks each attempt before sending, so an interrupted send is visible', async () => {
    const db = freshProfileDb();
    await intake(db, ['watched']);
    const seen: unknown[] = [];
    const s = scriptedApi();
    const api = {
      ...s.api,
      createPet: async (...args: Parameters<typeof s.api.createPet>) => {
        seen.push(await db.outbox.toArray());
        return s.api.createPet(...args);
      },
    };
    startEngine({ profile: 'local', db, api });
    await eventually(async () => (await db.outbox.count()) === 0, 'sent');
    expect(seen).toEqual([[expect.objectContaining({ state: 'sending', attempts: 1 })]]);
  });
});

describe('profile isolation', () => {
  it('sends each profile database only to its own profile', async () => {
    const idb = freshIdb();
    const localDb = freshProfileDb('local', idb);
    const stagingDb = freshProfileDb('staging', idb);
    expect(localDb.name).toBe('kennel-local');
    expect(stagingDb.name).toBe('kennel-staging');
    await enqueueIntake(localDb, 'local', { name: 'here', categoryId: '1' });
    await enqueueIntake(stagingDb, 'staging', { name: 'there', categoryId: '1' });
    const localApi = scriptedApi();
    const stagingApi = scriptedApi();

    startEngine({ profile: 'local', db: localDb, api: localApi.api });
    startEngine({ profile: 'staging', db: stagingDb, api: stagingApi.api });
    await eventually(
      async () => (await localDb.outbox.count()) + (await stagingDb.outbox.count()) === 0,
      'both drained',
    );
    expect(localApi.creates.map((c) => [c.profile, c.pet.name])).toEqual([['local', 'here']]);
    expect(stagingApi.creates.map((c) => [c.profile, c.pet.name])).toEqual([['staging', 'there']]);
  });

  it('refuses an entry that claims another profile and keeps it for the user', async () => {
    const db = freshProfileDb('local');
    await enqueueIntake(db, 'staging', { name: 'stray', categoryId: '1' });
    await enqueueIntake(db, 'local', { name: 'mine', categoryId: '1' });
    const s = scriptedApi();
    startEngine({ profile: 'local', db, api: s.api });
    await eventually(async () => (await db.outbox.count()) === 1, 'own entry sent');
    expect(s.creates.map((c) => c.pet.name)).toEqual(['mine']);
    const [stray] = await readOutbox(db);
    expect(stray).toMatchObject({ profile: 'staging', state: 'needs-attention' });
    expect(stray?.lastError?.message).toMatch(/staging/);
  });
});

describe('damaged data and storage failures', () => {
  it('quarantines damaged rows after taking the lead and still sends the good entries', async () => {
    const db = freshProfileDb();
    await intake(db, ['good']);
    await (db.outbox as unknown as { put(row: unknown): Promise<unknown> }).put({
      id: 'bad',
      seq: 0,
      profile: 'local',
    });
    await (db.pets as unknown as { put(row: unknown): Promise<unknown> }).put({ key: 'junk' });
    const s = scriptedApi();
    // The full check of the cached animals runs after a delay; none here.
    startEngine({ profile: 'local', db, api: s.api, auditDelayMs: 0 });
    await eventually(async () => (await db.quarantine.count()) === 2, 'both quarantined');
    await eventually(async () => (await db.outbox.count()) === 0, 'good entry sent');
    expect(s.creates.map((c) => c.pet.name)).toEqual(['good']);
  });

  it('reports a full disk clearly and settles the entry once there is room, creating it once', async () => {
    const db = freshProfileDb();
    await intake(db, ['big']);
    const [entry] = await readOutbox(db);
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    db.pets.hook('creating', full);
    const s = scriptedApi();
    const engine = startEngine({
      profile: 'local',
      db,
      api: s.api,
      probeBackoff: { baseMs: 100, capMs: 100 },
      reconcileDelays: quick,
    });
    await eventually(() => {
      const kept = engine.status.value.lastError;
      return kept?.code === 'kennel:storage-full' && /storage space/.test(errorMessage(kept));
    }, 'reported');
    db.pets.hook('creating').unsubscribe(full);
    await eventually(async () => (await db.outbox.count()) === 0, 'settled after room was made');
    // The service answered, but the answer could not be stored: the animal is
    // found on the service rather than sent a second time.
    expect(s.creates.map((c) => c.idempotencyKey)).toEqual([entry?.idempotencyKey]);
    expect(s.lists.length).toBeGreaterThanOrEqual(1);
    expect(s.created.size).toBe(1);
    expect((await petsPage(db, 'all', 0, 5)).map((p) => [p.name, p.pending])).toEqual([['big', 0]]);
  });
});
