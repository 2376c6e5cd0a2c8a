// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watch } from 'vue';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { ListPetsQuery } from '../../../../electron/contract/pet';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { resendEntry } from '../../../../src/data/resend';
import { petsPage } from '../../../../src/data/pets';
import { createSyncEngine, type SyncEngine, type SyncStatus } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { errorMessage } from '../../../../src/errors/messages';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi, type ScriptedApi } from './scripted-api';
import { installVirtualClock, type VirtualClock } from './virtual-clock';
import { testRandom } from '../support/seed';

const fast = { baseMs: 20, capMs: 40 };
const delays = { afterFailureMs: 5, afterTimeoutMs: 10 };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const engines: SyncEngine[] = [];
const unwatch: (() => void)[] = [];
/** The virtual clock of a test that waits out a deadline, if it installed one. */
let clock: VirtualClock | null = null;
afterEach(async () => {
  for (const stop of unwatch.splice(0)) stop();
  const stopped = Promise.all(engines.splice(0).map((e) => e.stop()));
  await (clock ? clock.run(stopped) : stopped);
  clock?.uninstall();
  clock = null;
});

/**
 * Every status the engine goes through, recorded as it is set: a short state
 * (a pause of a few ms) is seen however late the test looks.
 */
function statusLog(engine: SyncEngine): SyncStatus[] {
  const log: SyncStatus[] = [engine.status.value];
  unwatch.push(watch(engine.status, (status) => log.push(status), { flush: 'sync' }));
  return log;
}

async function setup(names: string[], extra: Partial<Parameters<typeof createSyncEngine>[0]> = {}) {
  const db = freshProfileDb();
  for (const name of names) await enqueueIntake(db, 'local', { name, categoryId: '1' });
  const s = scriptedApi();
  const engine = createSyncEngine({
    random: testRandom(),
    profile: 'local',
    db,
    api: s.api,
    locks: null,
    probeBackoff: fast,
    reconcileDelays: delays,
    // What a failure does to its entry and to the queue, one create at a time:
    // several at once is engine-concurrent-replay.test.ts's subject.
    handedOver: 1,
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
    // Kept as the error itself, worded when shown in the app's own words.
    const kept = engine.status.value.lastError;
    expect(kept).toMatchObject({ kind: 'unauthorized' });
    expect(kept && errorMessage(kept)).toBe(
      'The service did not accept the API key for this profile. Enter a valid API key.',
    );
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
      // On the virtual clock, so the deadline is kept to the ms.
      const virtual = (clock = installVirtualClock());
      const { db, s, engine } = await setup(['one', 'two']);
      const retryAt = Date.now() + 150;
      s.setCreate(failFirstFor('one', { kind, message: 'Slow down.', status: 429, retryAt }));
      const log = statusLog(engine);
      engine.start();
      // Said, not kept: the pause is the governor's, shown from its view.
      const told = () => log.find((status) => status.lastError?.kind === kind);
      await virtual.until(() => told() !== undefined, 'the pause said');
      expect((await readOutbox(db))[0]?.nextAttemptAt).toBe(retryAt);
      // syncNow never cuts a pause the service asked for.
      await virtual.run(engine.syncNow());
      expect(sentNames(s)).toEqual(['one']);
      await virtual.until(drained(db), 'drained after the pause');
      expect(sentNames(s)).toEqual(['one', 'one', 'two']);
      expect(s.creates[1]?.idempotencyKey).toBe(s.creates[0]?.idempotencyKey);
      expect(s.creates[1]?.at).toBeGreaterThanOrEqual(retryAt);
      expect(engine.status.value).toMatchObject({ connection: 'online', lastError: null });
    },
  );
});

describe('transient failures', () => {
  // A failure that may have created the animal is looked for on the service
  // before each retry: one unfiltered read, as no status was sent.
  const lookedFor: ListPetsQuery[] = [{ limit: 100 }, { limit: 100 }];
  it.each<[string, BridgeError, ListPetsQuery[]]>([
    ['server', { kind: 'server', message: 'The service failed.', status: 503 }, lookedFor],
    ['malformed-response', { kind: 'malformed-response', message: 'Odd body.' }, lookedFor],
    ['internal', { kind: 'internal', message: 'Unexpected.' }, lookedFor],
    ['conflict 409', { kind: 'conflict', message: 'Still in flight.', status: 409 }, []],
    [
      'server, known to have had no effect',
      { kind: 'server', message: 'Not now.', status: 503, outcomeUnknown: false },
      [],
    ],
  ])('%s: backs off and retries the same entry with the same key', async (_label, error, reads) => {
    const { db, s, engine } = await setup(['one', 'two']);
    s.setCreate(failFirstFor('one', error, 2));
    engine.start();
    await eventually(drained(db), 'drained');
    expect(sentNames(s)).toEqual(['one', 'one', 'one', 'two']);
    expect(new Set(s.creates.slice(0, 3).map((c) => c.idempotencyKey)).size).toBe(1);
    expect(s.lists.map((l) => l.query)).toEqual(reads);
  });

  it('honours retryAt when the error carries one', async () => {
    // On the virtual clock, so the deadline is kept to the ms.
    const virtual = (clock = installVirtualClock());
    const { db, s, engine } = await setup(['one']);
    // Well past the backoff (at most 40 ms here): only retryAt explains a wait this long.
    const retryAt = Date.now() + 1_000;
    s.setCreate(failFirstFor('one', { kind: 'server', message: 'Later.', status: 503, retryAt }));
    engine.start();
    await virtual.until(drained(db), 'drained');
    expect(s.creates).toHaveLength(2);
    expect(s.creates[1]?.at).toBeGreaterThanOrEqual(retryAt);
  });

  it('goes offline on no answer the governor gave a retry time, and waits for that time', async () => {
    const virtual = (clock = installVirtualClock());
    const { db, s, engine } = await setup(['one']);
    const retryAt = Date.now() + 1_000;
    const error: BridgeError = {
      kind: 'network',
      message: 'No answer.',
      outcomeUnknown: false,
      retryAt,
    };
    s.setCreate(failFirstFor('one', error));
    const log = statusLog(engine);
    engine.start();
    await virtual.until(async () => (await readOutbox(db))[0]?.lastError != null, 'failed once');
    expect(log.some((status) => status.connection === 'offline')).toBe(true);
    expect((await readOutbox(db))[0]?.nextAttemptAt).toBe(retryAt);
  });

  it.each<BridgeError['kind']>(['network', 'timeout'])(
    '%s: goes offline, probes with a one-animal list, then resends with the same key',
    async (kind) => {
      const { db, s, engine } = await setup(['one', 'two']);
      s.setCreate(failFirstFor('one', { kind, message: 'No answer.', outcomeUnknown: true }));
      let probesFailing = 1;
      s.setList(() => (probesFailing-- > 0 ? { kind, message: 'Still no answer.' } : undefined));
      const log = statusLog(engine);
      engine.start();
      await eventually(() => log.some((status) => status.connection === 'offline'), 'offline');
      await eventually(drained(db), 'drained after coming back');
      // Two probes, then the look for the animal the lost attempt may have made.
      expect(s.lists.map((l) => l.query)).toEqual([{ limit: 1 }, { limit: 1 }, { limit: 100 }]);
      expect(sentNames(s)).toEqual(['one', 'one', 'two']);
      expect(s.creates[1]?.idempotencyKey).toBe(s.creates[0]?.idempotencyKey);
      // The one animal the service "had" is what the first create stored.
      expect(s.created.size).toBe(2);
      expect(engine.status.value.connection).toBe('online');
    },
  );

  it('keeps the backoff deadline across a restart', async () => {
    const { db, s, engine } = await setup(['one']);
    // The service said it did nothing, so "Sync now" may cut the wait short.
    s.setCreate(() => ({
      kind: 'server',
      message: 'Down.',
      status: 500,
      retryAt: Date.now() + 60_000,
      outcomeUnknown: false,
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
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks: null,
      probeBackoff: fast,
      reconcileDelays: delays,
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

  it('"Sync now" does not cut the wait after a lost answer before the entry may be looked up', async () => {
    let offset = 0;
    const { db, s, engine } = await setup(['one'], {
      now: () => Date.now() + offset,
      reconcileDelays: { afterFailureMs: MINUTE, afterTimeoutMs: MINUTE },
    });
    s.setCreate((_call, i) =>
      i === 0
        ? {
            kind: 'server',
            message: 'Bad gateway.',
            status: 502,
            outcomeUnknown: true,
            retryAt: Date.now() + MINUTE,
          }
        : undefined,
    );
    engine.start();
    await eventually(async () => (await readOutbox(db))[0]?.lastError !== null, 'failed once');
    const [lost] = await readOutbox(db);
    if (!lost) throw new Error('entry gone');
    expect(lost).toMatchObject({ state: 'queued', outcomeUnknownAt: lost.lastAttemptAt });
    expect(lost.lookupAfter).toBeGreaterThanOrEqual((lost.lastAttemptAt ?? 0) + MINUTE);

    await engine.syncNow();
    expect(s.creates).toHaveLength(1);
    expect(s.lists).toEqual([]);

    // Past the wait after the lost answer: the service has had its time.
    offset = (lost.lookupAfter ?? 0) - Date.now() + 1;
    await engine.syncNow();
    await eventually(drained(db), 'sent on syncNow');
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);
    expect(s.creates.map((c) => c.idempotencyKey)).toEqual([
      lost.idempotencyKey,
      lost.idempotencyKey,
    ]);
  });
});

describe('an entry a crashed window left "sending"', () => {
  it('is not looked up, nor sent, before the wait after a timeout, even on "Sync now"', async () => {
    let offset = 0;
    const waits: (number | null)[] = [];
    const { db, s, engine } = await setup(['one'], {
      now: () => Date.now() + offset,
      reconcileDelays: { afterFailureMs: 5, afterTimeoutMs: MINUTE },
      onIdle: (wakeAt) => waits.push(wakeAt),
    });
    const [entry] = await readOutbox(db);
    if (!entry) throw new Error('no entry');
    // What the dead window left: the entry claimed, its request perhaps out.
    const sentAt = Date.now();
    await db.outbox.update(entry.id, { state: 'sending', attempts: 1, lastAttemptAt: sentAt });
    engine.start();
    await eventually(
      () => waits.some((w) => w !== null && w >= Date.now() + MINUTE - 5_000),
      'waiting',
    );
    await engine.syncNow();
    expect(s.lists).toEqual([]);
    expect(s.creates).toEqual([]);
    const [recovered] = await readOutbox(db);
    expect(recovered).toMatchObject({
      state: 'queued',
      outcomeUnknownAt: sentAt,
    });

    offset = MINUTE + 1_000;
    await engine.syncNow();
    await eventually(drained(db), 'looked up, then sent');
    // Nothing was found on the service, so it was sent, once, with its key.
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);
    expect(s.creates.map((c) => c.idempotencyKey)).toEqual([entry.idempotencyKey]);
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

describe('attempts whose outcome is unknown', () => {
  /** Leaves `entry` as a replayer that died mid-request `age` ago would have. */
  async function leftInFlight(db: KennelDb, entry: OutboxEntry, age: number): Promise<void> {
    await db.outbox.update(entry.id, {
      state: 'sending',
      attempts: 1,
      lastAttemptAt: Date.now() - age,
    });
  }

  async function oldAndFresh() {
    const set = await setup(['old', 'fresh']);
    const [old] = await readOutbox(set.db);
    if (!old) throw new Error('setup failed');
    return { ...set, old };
  }

  it.each([
    ['a minute', MINUTE],
    ['more than a day', DAY + MINUTE],
  ])(
    'an attempt left in flight %s ago that did create the animal is adopted, not sent again',
    async (_label, age) => {
      const { db, s, engine, old } = await oldAndFresh();
      await leftInFlight(db, old, age);
      const made = s.store(old.payload, old.idempotencyKey);
      engine.start();
      await eventually(drained(db), 'drained');
      expect(sentNames(s)).toEqual(['fresh']);
      expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);
      const page = await petsPage(db, 'all', 0, 10);
      expect(page.map((p) => [p.name, p.id, p.pending])).toContainEqual(['old', made.id, 0]);
      expect(page).toHaveLength(2);
    },
  );

  it('an attempt left in flight that did not reach the service is sent again with its key', async () => {
    const { db, s, engine, old } = await oldAndFresh();
    await leftInFlight(db, old, DAY + MINUTE);
    engine.start();
    await eventually(drained(db), 'drained');
    expect(sentNames(s)).toEqual(['old', 'fresh']);
    expect(s.creates[0]?.idempotencyKey).toBe(old.idempotencyKey);
    expect(s.created.size).toBe(2);
  });

  it('when the service list is too long to tell, it goes to the user; Resend sends it with its key', async () => {
    const { db, s, engine, old } = await oldAndFresh();
    await leftInFlight(db, old, DAY + MINUTE);
    for (let i = 0; i < 100; i++) s.store({ name: `other ${i}`, categoryId: '1' });
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 1, 'fresh sent');
    expect(sentNames(s)).toEqual(['fresh']);
    const [kept] = await readOutbox(db);
    expect(kept).toMatchObject({
      id: old.id,
      state: 'needs-attention',
      attempts: 1,
      candidates: [],
      lastError: { code: 'kennel:may-already-exist-unchecked' },
    });

    // The user checked and resends: same key, sent once, without looking again.
    await resendEntry(db, old.id);
    const reads = s.lists.length;
    await engine.syncNow();
    await eventually(drained(db), 'resent');
    expect(s.creates.map((c) => c.idempotencyKey)).toContain(old.idempotencyKey);
    expect(sentNames(s)).toEqual(['fresh', 'old']);
    expect(s.lists).toHaveLength(reads);
  });

  it('several animals that could be it go to the user as candidates', async () => {
    const { db, s, engine, old } = await oldAndFresh();
    await leftInFlight(db, old, MINUTE);
    const first = s.store(old.payload);
    const second = s.store(old.payload, old.idempotencyKey);
    engine.start();
    await eventually(async () => (await db.outbox.count()) === 1, 'fresh sent');
    expect(sentNames(s)).toEqual(['fresh']);
    const [kept] = await readOutbox(db);
    expect(kept).toMatchObject({
      id: old.id,
      state: 'needs-attention',
      candidates: [first, second],
      lastError: { code: 'kennel:may-already-exist' },
    });
  });

  it('a failed look waits, and the entry is not sent until the service can be read', async () => {
    const { db, s, engine } = await setup(['one']);
    s.setCreate((call, i) => {
      if (i > 0) return undefined;
      // The service made it; its answer was lost.
      s.store(call.pet, call.idempotencyKey);
      return { kind: 'network', message: 'Dropped.', outcomeUnknown: true };
    });
    let failingLooks = 2;
    s.setList((call) =>
      call.query.limit === 100 && failingLooks-- > 0
        ? { kind: 'server', message: 'Try later.', status: 503 }
        : undefined,
    );
    engine.start();
    await eventually(drained(db), 'drained');
    expect(s.creates).toHaveLength(1);
    expect(s.lists.filter((l) => l.query.limit === 100)).toHaveLength(3);
    expect(s.created.size).toBe(1);
    expect((await petsPage(db, 'all', 0, 10)).map((p) => p.pending)).toEqual([0]);
  });
});

describe('a service proven to honour the key', () => {
  /** The first attempt creates the animal, but a gateway's 502 replaces the answer. */
  function loseFirstAnswer(s: ScriptedApi) {
    s.setCreate((call, i) => {
      if (i > 0) return undefined;
      s.store(call.pet, call.idempotencyKey);
      return { kind: 'server', message: 'Bad gateway.', status: 502, outcomeUnknown: true };
    });
  }

  it('sends a lost attempt again with the same key, without reading the list', async () => {
    const { db, s, engine } = await setup(['one']);
    s.setProvenAt(Date.now() - DAY);
    loseFirstAnswer(s);
    engine.start();
    await eventually(drained(db), 'drained');
    expect(s.creates.map((c) => c.pet.name)).toEqual(['one', 'one']);
    expect(s.creates[1]?.idempotencyKey).toBe(s.creates[0]?.idempotencyKey);
    expect(s.lists).toEqual([]);
    expect(s.created.size).toBe(1);
  });

  it('past the retention it looks for the animal instead', async () => {
    const { db, s, engine } = await setup(['one'], { idempotencyRetentionMs: 1 });
    s.setProvenAt(Date.now() - DAY);
    loseFirstAnswer(s);
    engine.start();
    await eventually(drained(db), 'drained');
    expect(s.creates).toHaveLength(1);
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);
    expect(s.created.size).toBe(1);
  });

  // The default retention is the reference service's 24 hours.
  it.each<[string, number, number, ListPetsQuery[]]>([
    ['a minute old is sent again with its key', MINUTE, 1, []],
    ['more than a day old is looked for, and adopted', DAY + MINUTE, 0, [{ limit: 100 }]],
  ])('an unknown outcome %s', async (_label, age, creates, reads) => {
    const { db, s, engine } = await setup(['one']);
    const [entry] = await readOutbox(db);
    if (!entry) throw new Error('setup failed');
    const at = Date.now() - age;
    await db.outbox.update(entry.id, {
      attempts: 1,
      lastAttemptAt: at,
      outcomeUnknownAt: at,
      lastError: { kind: 'timeout', message: 'No answer.', outcomeUnknown: true },
    });
    s.store(entry.payload, entry.idempotencyKey);
    s.setProvenAt(at - DAY);
    engine.start();
    await eventually(drained(db), 'drained');
    expect(s.creates).toHaveLength(creates);
    expect(s.creates.every((c) => c.idempotencyKey === entry.idempotencyKey)).toBe(true);
    expect(s.lists.map((l) => l.query)).toEqual(reads);
    expect(s.created.size).toBe(1);
  });
});

describe('not configured', () => {
  it('stops and reports, then retries on syncNow', async () => {
    const { db, s, engine } = await setup(['one']);
    s.setCreate(
      failFirstFor('one', { kind: 'not-configured', message: 'No key is set for local.' }),
    );
    engine.start();
    // In staff's words, not the Node side's.
    await eventually(() => {
      const kept = engine.status.value.lastError;
      return kept !== null && errorMessage(kept).startsWith('This profile is not set up yet. ');
    }, 'reported');
    expect((await readOutbox(db))[0]?.state).toBe('queued');
    expect(s.creates).toHaveLength(1);
    await engine.syncNow();
    await eventually(drained(db), 'drained after syncNow');
    expect(s.creates).toHaveLength(2);
  });

  it('does not stop for "no key" answered to a request sent before the key was saved', async () => {
    const { db, s, engine } = await setup(['one']);
    s.setCreate(
      failFirstFor('one', { kind: 'not-configured', message: 'No key is set for local.' }),
    );
    s.setCreateDelay(30);
    engine.start();
    await eventually(() => s.creates.length === 1, 'the first create is on its way');
    // The key is saved while that create is out: the sync it asks for comes
    // before the create's answer, which no longer holds.
    void engine.syncNow();
    await eventually(drained(db), 'drained with no other ask');
    expect(s.creates).toHaveLength(2);
  });
});
