import { describe, expect, it } from 'vitest';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { claimEntry, markNeedsAttention, requeueEntry } from '../../../../src/data/send-steps';
import { discardEntry, takeBack } from '../../../../src/data/take-back';
import { findCachedPet } from '../../../../src/data/pets';
import type { KennelDb } from '../../../../src/data/db';
import { freshProfileDb } from './test-db';

async function queued(db: KennelDb, name: string): Promise<{ outboxId: string; localKey: string }> {
  const result = await enqueueIntake(db, 'local', { name, categoryId: '2' }, KENNEL);
  return result;
}

const KENNEL = { fields: { kennel: 'B3' }, photo: { kind: 'keep' as const } };

/** From now on, every history row `db` is asked to write fails, as a full disk would. */
function historyRefused(db: KennelDb): void {
  db.history.hook('creating', () => {
    throw new Error('The disk is full.');
  });
}

async function takenBackRows(
  db: KennelDb,
): Promise<Array<[string | undefined, string | undefined]>> {
  const rows = await db.history.where('kind').equals('taken-back').toArray();
  // By name: rows written within one millisecond have no order of their own.
  const named = rows.map((row): [string | undefined, string | undefined] => [row.petKey, row.name]);
  return named.sort((a, b) => String(a[1]).localeCompare(String(b[1])));
}

describe('takeBack and its history', () => {
  it('writes one taken-back row per animal it took back, none for one too late', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const rex = await queued(db, 'Rex');
    const sent = await queued(db, 'Sent');
    await claimEntry(db, sent.outboxId);

    expect(await takeBack(db, [bella.outboxId, sent.outboxId, rex.outboxId])).toEqual({
      withdrawn: 2,
      tooLate: 1,
    });
    expect(await takenBackRows(db)).toEqual([
      [bella.localKey, 'Bella'],
      [rex.localKey, 'Rex'],
    ]);
  });

  it('takes nothing back when its history row cannot be written: entry, animal and record stay', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const rex = await queued(db, 'Rex');
    historyRefused(db);

    await expect(takeBack(db, [bella.outboxId, rex.outboxId])).rejects.toThrow('The disk is full.');

    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Bella', 'Rex']);
    expect(await findCachedPet(db, bella.localKey)).toMatchObject({ name: 'Bella', pending: 1 });
    expect(await db.records.get(rex.localKey)).toMatchObject({ kennel: 'B3' });
    expect(await takenBackRows(db)).toEqual([]);
  });

  it('discards a refused animal with the same row, and only a refused one', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const rex = await queued(db, 'Rex');
    const claimed = await claimEntry(db, bella.outboxId);
    if (claimed === null) throw new Error('not claimed');
    await markNeedsAttention(db, claimed, { kind: 'validation', status: 400, message: 'No.' });

    await expect(discardEntry(db, rex.outboxId)).rejects.toMatchObject({ reason: 'queued' });
    expect((await takeBack(db, [bella.outboxId])).withdrawn).toBe(0);
    await discardEntry(db, bella.outboxId);

    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Rex']);
    expect(await db.records.get(bella.localKey)).toBeUndefined();
    expect(await takenBackRows(db)).toEqual([[bella.localKey, 'Bella']]);
  });
});

describe('takeBack (Undo)', () => {
  it('removes a queued entry together with its pending animal', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const rex = await queued(db, 'Rex');

    expect((await takeBack(db, [bella.outboxId])).withdrawn).toBe(1);

    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Rex']);
    expect(await findCachedPet(db, bella.localKey)).toBeUndefined();
    expect(await findCachedPet(db, rex.localKey)).toMatchObject({ name: 'Rex', pending: 1 });
  });

  it('refuses an entry the replayer has claimed, leaving it and its animal in place', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const claimed = await claimEntry(db, bella.outboxId);
    expect(claimed?.state).toBe('sending');

    expect((await takeBack(db, [bella.outboxId])).withdrawn).toBe(0);

    expect((await readOutbox(db)).map((e) => e.state)).toEqual(['sending']);
    expect(await findCachedPet(db, bella.localKey)).toMatchObject({ name: 'Bella' });
  });

  it('refuses an entry queued again after an attempt, which may have reached the service', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const claimed = await claimEntry(db, bella.outboxId);
    if (claimed === null) throw new Error('not claimed');
    await requeueEntry(db, claimed, { kind: 'network', message: 'lost' }, Date.now());
    expect((await readOutbox(db))[0]?.state).toBe('queued');

    expect((await takeBack(db, [bella.outboxId])).withdrawn).toBe(0);
    expect(await readOutbox(db)).toHaveLength(1);
  });

  it('counts as too late an entry that is gone (sent or discarded) or never existed', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    expect((await takeBack(db, [bella.outboxId])).withdrawn).toBe(1);
    expect((await takeBack(db, [bella.outboxId])).withdrawn).toBe(0);
    expect((await takeBack(db, ['no-such-entry'])).withdrawn).toBe(0);
  });

  it('lets exactly one of a withdrawal and a claim win when they race', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');

    const [{ withdrawn }, claimed] = await Promise.all([
      takeBack(db, [bella.outboxId]),
      claimEntry(db, bella.outboxId),
    ]);

    expect(withdrawn + (claimed === null ? 0 : 1)).toBe(1);
    expect(await readOutbox(db)).toHaveLength(1 - withdrawn);
  });
});
