/**
 * The reads that run after every write to the queue take shortcuts so a queue
 * of a thousand animals stays quick (native counts, keys before rows, the
 * state index). These tests pin what the shortcuts must not lose.
 */
import { describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { needsAttention, waitingCount } from '../../../../src/data/outbox-reads';
import { orphanedPendingRows } from '../../../../src/data/orphans';
import { pendingRow } from '../../../../src/data/pending-row';
import { freshProfileDb } from './test-db';
import { eventually } from '../../../helpers/eventually';

/** The outbox table without Dexie's typing, to store rows no build would write. */
const rawOutbox = (db: KennelDb) => db.table('outbox');

describe('reads after every queue write', () => {
  it('counts queued and sending entries as waiting, and not those needing attention', async () => {
    const db = freshProfileDb();
    const ids = await enqueueMany(db, 'local', [
      { name: 'A', categoryId: '1' },
      { name: 'B', categoryId: '1' },
      { name: 'C', categoryId: '1' },
    ]);
    await db.outbox.update(ids[1] ?? '', { state: 'sending' });
    await db.outbox.update(ids[2] ?? '', { state: 'needs-attention' });
    expect(await waitingCount(db)).toBe(2);
    expect((await needsAttention(db)).map((e) => e.id)).toEqual([ids[2]]);
  });

  it('still finds an entry whose state is no state at all, and hands it to the user', async () => {
    const db = freshProfileDb();
    const r = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '3' });
    await rawOutbox(db).put({ ...(await db.outbox.get(r.outboxId)), state: 'lost' });

    // Missing from the state index: only the counts can tell it is there.
    expect(await waitingCount(db)).toBe(0);
    expect((await needsAttention(db)).map((e) => e.id)).toEqual([r.outboxId]);
    await eventually(async () =>
      expect(await db.outbox.get(r.outboxId)).toMatchObject({ state: 'needs-attention' }),
    );
  });

  it('reports a pending animal stored under an unusual key when its entry is gone, and not when it is there', async () => {
    const db = freshProfileDb();
    const kept = await enqueueIntake(db, 'local', { name: 'Kept', categoryId: '1' });
    // Pending rows written by another build, keyed otherwise than local:<entry id>.
    await db.pets.put(
      pendingRow('odd-key-1', kept.outboxId, { name: 'Twin', categoryId: '1' }, 5, 1),
    );
    await db.pets.put(pendingRow('odd-key-2', 'gone', { name: 'Lost', categoryId: '1' }, 6, 1));

    expect((await orphanedPendingRows(db)).map((row) => row.key)).toEqual(['odd-key-2']);
  });

  it('reports no orphan among a thousand queued animals, and the one whose entry went', async () => {
    const db = freshProfileDb();
    const ids = await enqueueMany(
      db,
      'local',
      Array.from({ length: 1000 }, (_, i) => ({ name: `Animal ${i}`, categoryId: '2' })),
    );
    expect(await orphanedPendingRows(db)).toEqual([]);
    await db.outbox.delete(ids[500] ?? '');
    expect((await orphanedPendingRows(db)).map((row) => row.name)).toEqual(['Animal 500']);
  });
});
