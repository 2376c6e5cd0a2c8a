// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeError } from '../../../../electron/contract';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake, readOutbox, resendEntry } from '../../../../src/data/intake';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi, type ScriptedApi } from './scripted-api';

const fast = { initialMs: 20, maxMs: 40 };
const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

async function setup(names: string[], extra: Partial<Parameters<typeof createSyncEngine>[0]> = {}) {
  const db = freshProfileDb();
  for (const name of names) await enqueueIntake(db, 'local', { name, categoryId: '1' });
  const s = scriptedApi();
  const engine = createSyncEngine({
    profile: 'local',
    db,
    api: s.api,
    locks: null,
    probeBackoff: fast,
    ...extra,
  });
  engines.push(engine);
  return { db, s, engine };
}

const drained = (db: KennelDb) => async () => (await db.outbox.count()) === 0;
const sentNames = (s: ScriptedApi) => s.creates.map((c) => c.pet.name);

function failFirstFor(name: string, error: BridgeError, times = 1) {
  let failed = 0;
  return (call: { pet: { name: string } }) => {
    if (call.pet.name === name && failed < times) {
      failed += 1;
      return error;
    }
    return undefined;
  };
}

describe('refusals that need the user', () => {
  it.each<[string, BridgeError]>([
    ['validation (400)', { kind: 'validation', message: 'Name is too long.', status: 400 }],
    [
      'invalid-argument',
      { kind: 'invalid-argument', message: 'Bad category.', field: 'categoryId' },
    ],
    ['conflict 422', { kind: 'conflict', message: 'Key reused with another body.', status: 422 }],
  ])('%s: entry needs attention, later entries still go', async (_label, error) => {
    const { db, s, engine } = await setup(['bad', 'good']);
    s.setCreate((call) => (call.pet.name === 'bad' ? error : undefined));
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 1, 'good entry sent');
    expect(sentNames(s)).toEqual(['bad', 'good']);
    const [kept] = await readOutbox(db);
    expect(kept).toMatchObject({
      state: 'needs-attention',
      lastError: error,
      attempts: 1,
      payload: { name: 'bad' },
    });
    expect(await db.pets.get(kept?.localKey ?? '')).toMatchObject({ pending: 1 });
    await eventually(() => engine.status.value.syncing === null, 'drain over');
  });
});

describe('unauthorized', () => {
  it('pauses the whole queue, asks for a key, and resumes on syncNow', async () => {
    const onUnauthorized = vi.fn();
    const { db, s, engine } = await setup(['one', 'two'], { onUnauthorized });
    s.setCreate(
      failFirstFor('one', { kind: 'unauthorized', message: 'The key was refused.', status: 401 }),
    );
    engine.start();
    await eventually(() => engine.status.value.blockedBy === 'unauthorized', 'blocked');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(engine.status.value.lastError).toBe('The key was refused.');
    const entries = await readOutbox(db);
    expect(entries.map((e) => e.state)).toEqual(['queued', 'queued']);
    expect(sentNames(s)).toEqual(['one']);

    await engine.syncNow();
    await eventually(drained(db), 'drained after syncNow');
    expect(sentNames(s)).toEqual(['one', 'one', 'two']);
    expect(s.creates[0]?.idempotencyKey).toBe(s.creates[1]?.idempotencyKey);
    expect(engine.status.value.blockedBy).toBeNull();
  });
});

describe('rate limits and bans', () => {
  it.each<BridgeError['kind']>(['rate-limited', 'banned'])(
    '%s: pauses until retryAt, then retries with the same key',
    async (kind) => {
      const { db, s, engine } = await setup(['one', 'two']);
      const retryAt = Date.now() + 150;
      s.setCreate(failFirstFor('one', { kind, message: 'Slow down.', status: 429, retryAt }));
      engine.start();
      await eventually(() => engine.status.value.connection === 'paused', 'paused');
      expect(engine.status.value.pausedUntil).toBe(retryAt);
      // syncNow never cuts a pause the service asked for.
      await engine.syncNow();
      await eventually(drained(db), 'drained after the pause');
      expect(sentNames(s)).toEqual(['one', 'one', 'two']);
      expect(s.creates[1]?.idempotencyKey).toBe(s.creates[0]?.idempotencyKey);
      expect(s.creates[1]?.at).toBeGreaterThanOrEqual(retryAt);
      expect(engine.status.value).toMatchObject({ connection: 'online', pausedUntil: null });
    },
  );
});

describe('transient failures', () => {
  it.each<[string, BridgeError]>([
    ['server', { kind: 'server', message: 'The service failed.', status: 503 }],
    ['malformed-response', { kind: 'malformed-response', message: 'Odd body.' }],
    ['conflict 409', { kind: 'conflict', message: 'Still in flight.', status: 409 }],
    ['internal', { kind: 'internal', message: 'Unexpected.' }],
  ])('%s: backs off and retries the same entry with the same key', async (_label, error) => {
    const { db, s, engine } = await setup(['one', 'two']);
    s.setCreate(failFirstFor('one', error, 2));
    engine.start();
    await eventually(drained(db), 'drained');
    expect(sentNames(s)).toEqual(['one', 'one', 'one', 'two']);
    expect(new Set(s.creates.slice(0, 3).map((c) => c.idempotencyKey)).size).toBe(1);
    expect(s.lists).toEqual([]);
  });

  it('honours retryAt when the error carries one', async () => {
    const { db, s, engine } = await setup(['one']);
    const retryAt = Date.now() + 120;
    s.setCreate(failFirstFor('one', { kind: 'server', message: 'Later.', status: 503, retryAt }));
    engine.start();
    await eventually(drained(db), 'drained');
    expect(s.creates[1]?.at).toBeGreaterThanOrEqual(retryAt);
  });

  it.each<BridgeError['kind']>(['network', 'timeout'])(
    '%s: goes offline, probes with a one-animal list, then resends with the same key',
    async (kind) => {
      const { db, s, engine } = await setup(['one', 'two']);
      s.setCreate(failFirstFor('one', { kind, message: 'No answer.', outcomeUnknown: true }));
      let probesFailing = 1;
      s.setList(() => (probesFailing-- > 0 ? { kind, message: 'Still no answer.' } : undefined));
      const seen: string[] = [];
      engine.start();
      await eventually(() => {
        seen.push(engine.status.value.connection);
        return seen.includes('offline');
      }, 'offline');
      await eventually(drained(db), 'drained after coming back');
      expect(s.lists.map((l) => l.query)).toEqual([{ limit: 1 }, { limit: 1 }]);
      expect(sentNames(s)).toEqual(['one', 'one', 'two']);
      expect(s.creates[1]?.idempotencyKey).toBe(s.creates[0]?.idempotencyKey);
      // The one animal the service "had" is what the first create stored.
      expect(s.created.size).toBe(2);
      expect(engine.status.value.connection).toBe('online');
    },
  );

  it('keeps the backoff deadline across a restart', async () => {
    const { db, s, engine } = await setup(['one']);
    s.setCreate(() => ({
      kind: 'server',
      message: 'Down.',
      status: 500,
      retryAt: Date.now() + 60_000,
    }));
    engine.start();
    await eventually(async () => (await readOutbox(db))[0]?.lastError !== null, 'failed once');
    await engine.stop();
    const [entry] = await readOutbox(db);
    expect(entry).toMatchObject({ state: 'queued', attempts: 1 });
    expect(entry?.nextAttemptAt).toBeGreaterThan(Date.now() + 30_000);

    s.setCreate(() => undefined);
    const waits: (number | null)[] = [];
    const again = createSyncEngine({
      profile: 'local',
      db,
      api: s.api,
      locks: null,
      probeBackoff: fast,
      onIdle: (wakeAt) => waits.push(wakeAt),
    });
    engines.push(again);
    again.start();
    // The new replayer looked at the queue and waits for the stored deadline.
    await eventually(() => waits.includes(entry?.nextAttemptAt ?? -1), 'waiting for the deadline');
    expect(s.creates).toHaveLength(1);
    await again.syncNow();
    await eventually(drained(db), 'sent on syncNow');
    expect(s.creates).toHaveLength(2);
  });
});

describe('failures no retry can fix', () => {
  it.each<[string, BridgeError]>([
    ['not-found (wrong base path)', { kind: 'not-found', message: 'No such path.', status: 404 }],
    ['unavailable', { kind: 'unavailable', message: 'Gone.' }],
  ])('%s: needs attention at once, key kept, later entries go', async (_label, error) => {
    const { db, s, engine } = await setup(['one', 'two']);
    const [before] = await readOutbox(db);
    s.setCreate(failFirstFor('one', error));
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 1, 'two sent');
    expect(sentNames(s)).toEqual(['one', 'two']);
    const [kept] = await readOutbox(db);
    expect(kept).toMatchObject({
      state: 'needs-attention',
      lastError: error,
      idempotencyKey: before?.idempotencyKey,
    });
  });

  it('malformed answers: retried with the same key, then handed to the user', async () => {
    const { db, s, engine } = await setup(['odd', 'next']);
    const error: BridgeError = { kind: 'malformed-response', message: 'Odd body.', status: 201 };
    s.setCreate((call) => (call.pet.name === 'odd' ? error : undefined));
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 1, 'next sent');
    expect(sentNames(s)).toEqual(['odd', 'odd', 'odd', 'next']);
    expect(new Set(s.creates.slice(0, 3).map((c) => c.idempotencyKey)).size).toBe(1);
    const [kept] = await readOutbox(db);
    expect(kept).toMatchObject({ state: 'needs-attention', attempts: 3, lastError: error });
    // The service may have created it: the unknown outcome is on record.
    expect(kept?.outcomeUnknownAt).toEqual(expect.any(Number));
  });
});

describe('unknown outcomes past the service\u2019s idempotency window', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('an attempt left in flight more than a day ago goes to the user, not to the service', async () => {
    const { db, s, engine } = await setup(['old', 'fresh']);
    const [old] = await readOutbox(db);
    if (!old) throw new Error('setup failed');
    await db.outbox.update(old.id, {
      state: 'sending',
      attempts: 1,
      lastAttemptAt: Date.now() - DAY - 60_000,
    });
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 1, 'fresh sent');
    expect(sentNames(s)).toEqual(['fresh']);
    const [kept] = await readOutbox(db);
    expect(kept).toMatchObject({ id: old.id, state: 'needs-attention', attempts: 1 });
    expect(kept?.lastError?.message).toMatch(/may already exist on the service/);

    // The user checked and resends: same key, sent once.
    await resendEntry(db, old.id);
    await engine.syncNow();
    await eventually(drained(db), 'resent');
    expect(s.creates.map((c) => c.idempotencyKey)).toContain(old.idempotencyKey);
    expect(sentNames(s)).toEqual(['fresh', 'old']);
  });

  it('an attempt that timed out is not retried once the window has passed', async () => {
    let offset = 0;
    const { db, s, engine } = await setup(['slow'], { now: () => Date.now() + offset });
    s.setCreate((_call, i) =>
      i === 0 ? { kind: 'timeout', message: 'No answer.', outcomeUnknown: true } : undefined,
    );
    engine.start();
    await eventually(() => engine.status.value.connection === 'offline', 'offline');
    const [waiting] = await readOutbox(db);
    expect(waiting).toMatchObject({ state: 'queued', outcomeUnknownAt: expect.any(Number) });
    offset = DAY + 1; // the service answers again only a day later
    await eventually(
      async () => (await readOutbox(db))[0]?.state === 'needs-attention',
      'handed to the user',
    );
    expect(s.creates).toHaveLength(1);
    expect(s.lists.length).toBeGreaterThan(0);
  });
});

describe('not configured', () => {
  it('stops and reports, then retries on syncNow', async () => {
    const { db, s, engine } = await setup(['one']);
    s.setCreate(
      failFirstFor('one', { kind: 'not-configured', message: 'No key is set for local.' }),
    );
    engine.start();
    await eventually(
      () => engine.status.value.lastError === 'No key is set for local.',
      'reported',
    );
    expect((await readOutbox(db))[0]?.state).toBe('queued');
    expect(s.creates).toHaveLength(1);
    await engine.syncNow();
    await eventually(drained(db), 'drained after syncNow');
    expect(s.creates).toHaveLength(2);
  });
});
