/**
 * The one edit path: an untried animal (in its hold, or waiting offline) and
 * one the service refused are both corrected by `correctEntry`; anything on
 * its way is left alone.
 */
import { describe, expect, it } from 'vitest';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import { correctEntry } from '../../../../src/data/correction';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { findCachedPet } from '../../../../src/data/pets';
import { claimEntry, markNeedsAttention, requeueEntry } from '../../../../src/data/send-steps';
import { freshProfileDb } from './test-db';

const HOLD_SECONDS = 30;

async function stored(db: KennelDb, id: string): Promise<OutboxEntry> {
  const entry = await db.outbox.get(id);
  if (entry === undefined) throw new Error(`no entry ${id}`);
  return entry;
}

async function queued(db: KennelDb, name: string): Promise<OutboxEntry> {
  return stored(db, (await enqueueIntake(db, 'local', { name, categoryId: '2' })).outboxId);
}

/** Claimed well after its hold, as the replayer would. */
async function claimed(db: KennelDb, entry: OutboxEntry): Promise<OutboxEntry> {
  const claim = await claimEntry(db, entry.id, Date.now() + HOLD_SECONDS * 1000 + 1);
  if (claim === null) throw new Error('not claimed');
  return claim;
}

async function refused(db: KennelDb, name: string): Promise<OutboxEntry> {
  const entry = await claimed(db, await queued(db, name));
  await markNeedsAttention(db, entry, { kind: 'validation', status: 400, message: 'No.' });
  return stored(db, entry.id);
}

async function corrections(db: KennelDb): Promise<Array<string | undefined>> {
  // Sorted: two rows written within one millisecond have no order of their own.
  const rows = await db.history.where('kind').equals('corrected').toArray();
  return rows.map((row) => row.name).sort();
}

describe('correctEntry', () => {
  it('corrects an untried animal keeping its key, and a refused one with a new key, both held again', async () => {
    const db = freshProfileDb('local', undefined, HOLD_SECONDS);
    const waiting = await queued(db, 'Bela');
    const back = await refused(db, 'Mos');

    const before = Date.now();
    await correctEntry(db, waiting.id, { name: 'Bella', categoryId: '2' });
    await correctEntry(db, back.id, { name: 'Moss', categoryId: '2' });

    const one = await stored(db, waiting.id);
    const two = await stored(db, back.id);
    expect(one).toMatchObject({ state: 'queued', attempts: 0, payload: { name: 'Bella' } });
    expect(one.idempotencyKey).toBe(waiting.idempotencyKey);
    expect(two).toMatchObject({ state: 'queued', attempts: 0, lastError: null });
    expect(two.payload.name).toBe('Moss');
    expect(two.idempotencyKey).not.toBe(back.idempotencyKey);
    expect(two).not.toHaveProperty('lastAttemptAt');
    for (const entry of [one, two]) {
      expect(entry.seq).toBe(entry.id === waiting.id ? waiting.seq : back.seq);
      expect(entry.heldUntil).toBeGreaterThanOrEqual(before + HOLD_SECONDS * 1000);
      expect(await findCachedPet(db, entry.localKey)).toMatchObject({ name: entry.payload.name });
    }
    expect(await corrections(db)).toEqual(['Bella', 'Moss']);
  });

  it('refuses an animal on its way, one tried and queued again, and one that is gone', async () => {
    const db = freshProfileDb();
    const sending = await claimed(db, await queued(db, 'Sending'));
    const tried = await claimed(db, await queued(db, 'Tried'));
    await requeueEntry(db, tried, { kind: 'network', message: 'lost' }, Date.now());
    const pet = { name: 'Other', categoryId: '2' };

    await expect(correctEntry(db, sending.id, pet)).rejects.toMatchObject({ reason: 'in-flight' });
    await expect(correctEntry(db, tried.id, pet)).rejects.toMatchObject({ reason: 'queued' });
    await expect(correctEntry(db, 'gone', pet)).rejects.toMatchObject({ reason: 'not-found' });
    expect((await stored(db, sending.id)).payload.name).toBe('Sending');
    expect((await stored(db, tried.id)).payload.name).toBe('Tried');
    expect(await corrections(db)).toEqual([]);
  });

  it('changes nothing when its history row cannot be written', async () => {
    const db = freshProfileDb();
    const back = await refused(db, 'Mos');
    db.history.hook('creating', () => {
      throw new Error('The disk is full.');
    });

    await expect(correctEntry(db, back.id, { name: 'Moss', categoryId: '2' })).rejects.toThrow();

    expect(await stored(db, back.id)).toEqual(back);
    expect(await findCachedPet(db, back.localKey)).toMatchObject({ name: 'Mos' });
  });
});
