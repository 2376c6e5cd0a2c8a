// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import { correctEntry, startEditing } from '../../../../src/data/correction';
import { sendHeldNow } from '../../../../src/data/held-entries';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshIdb, freshProfileDb } from '../data/test-db';
import { scriptedApi, type ScriptedApi } from './scripted-api';
import { installVirtualClock, type VirtualClock } from './virtual-clock';
import { testRandom } from '../support/seed';

// Every wait of the engine runs on the virtual clock: a hold of 10 s ends
// exactly 10 virtual seconds after the intake, and no test waits for it.
let clock: VirtualClock;
beforeEach(() => {
  clock = installVirtualClock();
});
const engines: SyncEngine[] = [];
afterEach(async () => {
  await clock.run(Promise.all(engines.splice(0).map((e) => e.stop())));
  clock.uninstall();
});

const HOLD_SECONDS = 10;

/** An engine on `db` that notes when it waits, and until when, and when its queue was sent. */
function startEngine(
  db: KennelDb,
  s: ScriptedApi,
): { engine: SyncEngine; waits: (number | null)[]; queueSent: number[] } {
  const waits: (number | null)[] = [];
  const queueSent: number[] = [];
  const engine = createSyncEngine({
    random: testRandom(),
    locks: null,
    profile: 'local',
    db,
    api: s.api,
    onIdle: (wakeAt) => waits.push(wakeAt),
    onQueueSent: () => queueSent.push(clock.now()),
  });
  engines.push(engine);
  engine.start();
  return { engine, waits, queueSent };
}

function heldDb(): KennelDb {
  return freshProfileDb('local', freshIdb(), HOLD_SECONDS);
}

async function intake(db: KennelDb, name: string): Promise<OutboxEntry> {
  const r = await enqueueIntake(db, 'local', { name, categoryId: '3', status: 'available' });
  const entry = await db.outbox.get(r.outboxId);
  if (entry?.heldUntil === undefined) throw new Error(`${name} is not held`);
  return entry;
}

/** The deadline of a held entry. */
function heldUntil(entry: OutboxEntry): number {
  if (entry.heldUntil === undefined) throw new Error('not held');
  return entry.heldUntil;
}

/** Lets `ms` of virtual time pass, whatever the engine does meanwhile. */
function pass(ms: number): Promise<void> {
  return clock.run(new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/**
 * Runs until the engine waits for `until` (the end of a hold) or sends
 * something, whichever comes first: a create sent early ends it at once.
 */
function waitingFor(waits: readonly (number | null)[], s: ScriptedApi, until: number) {
  return () => waits.includes(until) || s.creates.length > 0;
}

const drained = (db: KennelDb) => async () => (await db.outbox.count()) === 0;
const names = (s: ScriptedApi) => s.creates.map((c) => c.pet.name);

describe('the hold before sending, in the replayer', () => {
  it('does not send an entry before its hold ends, and sends it once after', async () => {
    const db = heldDb();
    const entry = await intake(db, 'Bella');
    const s = scriptedApi();

    const { waits } = startEngine(db, s);
    // It looked at the queue and waits for the hold to end, having sent nothing.
    await clock.until(waitingFor(waits, s, heldUntil(entry)), 'waiting for the hold');
    expect(s.creates).toHaveLength(0);
    expect(clock.now()).toBeLessThan(heldUntil(entry));

    await clock.until(drained(db), 'sent after the hold');
    expect(names(s)).toEqual(['Bella']);
    expect(s.creates[0]?.at).toBeGreaterThanOrEqual(heldUntil(entry));
    expect(s.creates[0]?.idempotencyKey).toBe(entry.idempotencyKey);

    await pass(60_000);
    expect(s.creates).toHaveLength(1);
    expect(s.created.size).toBe(1);
  });

  it('sends an entry whose hold was ended with "Send now" past an earlier one still held', async () => {
    const db = heldDb();
    const first = await intake(db, 'first');
    const second = await intake(db, 'second');
    const s = scriptedApi();

    const { waits } = startEngine(db, s);
    await clock.until(waitingFor(waits, s, heldUntil(first)), 'waiting for the first hold');
    expect(s.creates).toHaveLength(0);

    expect(await sendHeldNow(db, [second.id])).toBe(1);
    await clock.until(() => s.creates.length > 0, 'the released entry sent');

    expect(names(s)).toEqual(['second']);
    expect(s.creates[0]?.at).toBeLessThan(heldUntil(first));
    // The first is still held, untouched, while the second went.
    expect(await db.outbox.get(first.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      heldUntil: heldUntil(first),
    });

    await clock.until(drained(db), 'the first sent after its hold');
    expect(names(s)).toEqual(['second', 'first']);
    expect(s.creates[1]?.at).toBeGreaterThanOrEqual(heldUntil(first));
  });

  it('says the queue was sent once everything held has gone, not after each animal', async () => {
    const db = heldDb();
    const first = await intake(db, 'first');
    const second = await intake(db, 'second');
    const s = scriptedApi();

    const { waits, queueSent } = startEngine(db, s);
    await clock.until(waitingFor(waits, s, heldUntil(first)), 'waiting for the first hold');
    expect(await sendHeldNow(db, [second.id])).toBe(1);
    await clock.until(() => s.creates.length > 0, 'the released entry sent');
    // The first still waits to be sent: the queue has not emptied.
    expect(queueSent).toEqual([]);

    await clock.until(() => queueSent.length > 0, 'told once the first was sent');
    expect(names(s)).toEqual(['second', 'first']);
    expect(queueSent[0]).toBeGreaterThanOrEqual(heldUntil(first));
    await pass(60_000);
    expect(queueSent).toHaveLength(1);
  });

  it('asks for no refresh after one animal sent on its own: the list already has it', async () => {
    const db = heldDb();
    await intake(db, 'alone');
    const s = scriptedApi();

    const { queueSent } = startEngine(db, s);
    await clock.until(drained(db), 'sent after its hold');
    await pass(60_000);
    expect(names(s)).toEqual(['alone']);
    expect(queueSent).toEqual([]);
  });

  it('acts on "Send now" at once while another entry backs off', async () => {
    const db = heldDb();
    const first = await intake(db, 'first');
    const second = await intake(db, 'second');
    const s = scriptedApi();
    s.setCreate((call, i) =>
      i === 0
        ? {
            kind: 'server',
            message: 'Down.',
            status: 503,
            outcomeUnknown: false,
            retryAt: call.at + 60_000,
          }
        : undefined,
    );
    const { waits } = startEngine(db, s);
    await clock.until(waitingFor(waits, s, heldUntil(first)), 'waiting for the first hold');

    await sendHeldNow(db, [second.id]);
    await clock.until(() => s.creates.length === 1, 'the second tried, and failed');
    await sendHeldNow(db, [first.id]);
    await clock.until(() => s.creates.length === 2, 'the first sent');

    expect(names(s)).toEqual(['second', 'first']);
    expect(s.creates[1]?.at).toBeLessThan(heldUntil(first));
  });

  it('does not send a held entry early on "Sync now"', async () => {
    const db = heldDb();
    const entry = await intake(db, 'Bella');
    const s = scriptedApi();

    const { engine, waits } = startEngine(db, s);
    await clock.until(waitingFor(waits, s, heldUntil(entry)), 'waiting for the hold');
    await clock.run(engine.syncNow());

    expect(s.creates).toHaveLength(0);
    expect(clock.now()).toBeLessThan(heldUntil(entry));
    expect(await db.outbox.get(entry.id)).toMatchObject({ state: 'queued', attempts: 0 });

    await clock.until(drained(db), 'sent after the hold');
    expect(s.creates).toHaveLength(1);
    expect(s.creates[0]?.at).toBeGreaterThanOrEqual(heldUntil(entry));
  });

  it('never sends an entry being corrected, and sends the correction once its new hold ends', async () => {
    const db = heldDb();
    const entry = await intake(db, 'Bela');
    const behind = await intake(db, 'behind');
    const s = scriptedApi();

    startEngine(db, s);
    expect(await startEditing(db, entry.id)).toBe(true);
    // Long past its deadline, and past the one behind it, which goes on its own.
    await pass(5 * 60_000);
    expect(clock.now()).toBeGreaterThan(heldUntil(entry) + 60_000);
    expect(names(s)).toEqual(['behind']);
    expect(s.creates[0]?.at).toBeGreaterThanOrEqual(heldUntil(behind));
    expect(await db.outbox.get(entry.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      editing: true,
    });

    const savedAt = clock.now();
    await correctEntry(db, entry.id, {
      name: 'Bella',
      categoryId: '4',
      status: 'available',
    });
    const corrected = await db.outbox.get(entry.id);
    const newDeadline = corrected?.heldUntil ?? 0;
    expect(newDeadline).toBeGreaterThanOrEqual(savedAt + HOLD_SECONDS * 1000);

    await clock.until(drained(db), 'the correction sent');
    expect(names(s)).toEqual(['behind', 'Bella']);
    expect(s.creates[1]?.pet).toEqual({ name: 'Bella', categoryId: '4', status: 'available' });
    expect(s.creates[1]?.at).toBeGreaterThanOrEqual(newDeadline);
    expect(s.creates[1]?.idempotencyKey).toBe(entry.idempotencyKey);
  });

  it('keeps the hold across a restart of the engine, and sends the entry exactly once', async () => {
    const db = heldDb();
    const entry = await intake(db, 'Bella');
    const s = scriptedApi();

    const first = startEngine(db, s);
    await clock.until(waitingFor(first.waits, s, heldUntil(entry)), 'waiting for the hold');
    await pass(4_000);
    await clock.run(first.engine.stop());
    expect(s.creates).toHaveLength(0);
    expect(clock.now()).toBeLessThan(heldUntil(entry));

    const again = startEngine(db, s);
    await clock.until(waitingFor(again.waits, s, heldUntil(entry)), 'waiting for the same hold');
    expect(s.creates).toHaveLength(0);

    await clock.until(drained(db), 'sent after the hold');
    expect(s.creates).toHaveLength(1);
    expect(s.creates[0]?.at).toBeGreaterThanOrEqual(heldUntil(entry));
    await pass(60_000);
    expect(s.creates).toHaveLength(1);
    expect(s.created.size).toBe(1);
  });
});
