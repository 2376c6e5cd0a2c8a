import { describe, expect, it } from 'vitest';
import {
  claimEntry,
  enqueueIntake,
  readOutbox,
  requeueEntry,
  withdrawEntry,
} from '../../../../src/data/outbox';
import { findCachedPet } from '../../../../src/data/pets';
import type { KennelDb } from '../../../../src/data/db';
import { freshProfileDb } from './test-db';

async function queued(db: KennelDb, name: string): Promise<{ outboxId: string; localKey: string }> {
  const result = await enqueueIntake(db, 'local', { name, categoryId: '2' });
  return result;
}

describe('withdrawEntry (Undo)', () => {
  it('removes a queued entry together with its pending animal', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const rex = await queued(db, 'Rex');

    expect(await withdrawEntry(db, bella.outboxId)).toBe(true);

    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Rex']);
    expect(await findCachedPet(db, bella.localKey)).toBeUndefined();
    expect(await findCachedPet(db, rex.localKey)).toMatchObject({ name: 'Rex', pending: 1 });
  });

  it('refuses an entry the replayer has claimed, leaving it and its animal in place', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    const claimed = await claimEntry(db, bella.outboxId);
    expect(claimed?.state).toBe('sending');

    expect(await withdrawEntry(db, bella.outboxId)).toBe(false);

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

    expect(await withdrawEntry(db, bella.outboxId)).toBe(false);
    expect(await readOutbox(db)).toHaveLength(1);
  });

  it('answers false for an entry that is gone (sent or discarded) or never existed', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');
    expect(await withdrawEntry(db, bella.outboxId)).toBe(true);
    expect(await withdrawEntry(db, bella.outboxId)).toBe(false);
    expect(await withdrawEntry(db, 'no-such-entry')).toBe(false);
  });

  it('lets exactly one of a withdrawal and a claim win when they race', async () => {
    const db = freshProfileDb();
    const bella = await queued(db, 'Bella');

    const [withdrawn, claimed] = await Promise.all([
      withdrawEntry(db, bella.outboxId),
      claimEntry(db, bella.outboxId),
    ]);

    expect(withdrawn !== (claimed !== null)).toBe(true);
    expect(await readOutbox(db)).toHaveLength(withdrawn ? 0 : 1);
  });
});
