import { describe, expect, it } from 'vitest';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { claimEntry, markNeedsAttention } from '../../../../src/data/send-steps';
import { startEditing } from '../../../../src/data/correction';
import { sendHeldNow } from '../../../../src/data/held-entries';
import { unfinishedCounts } from '../../../../src/data/unfinished';
import { freshIdb, freshProfileDb } from './test-db';

describe('what one profile’s outbox still holds', () => {
  it('counts an empty outbox as nothing', async () => {
    const db = freshProfileDb('local', freshIdb(), 30);
    expect(await unfinishedCounts(db, Date.now())).toEqual({
      waiting: 0,
      held: 0,
      correcting: 0,
      attention: 0,
    });
  });

  it('tells held, waiting, being corrected and needing attention apart', async () => {
    const db = freshProfileDb('local', freshIdb(), 30);
    const pet = (name: string) => ({ name, categoryId: '2' });
    const [, corrected, released, refused, out] = await Promise.all(
      ['held', 'corrected', 'released', 'refused', 'out'].map((name) =>
        enqueueIntake(db, 'local', pet(name)),
      ),
    );
    await enqueueMany(db, 'local', [pet('imported 1'), pet('imported 2')]);
    expect(await startEditing(db, corrected!.outboxId)).toBe(true);
    await sendHeldNow(db, [released!.outboxId, refused!.outboxId, out!.outboxId]);
    const refusedEntry = await claimEntry(db, refused!.outboxId);
    await markNeedsAttention(db, refusedEntry!, {
      kind: 'validation',
      message: 'Refused.',
      status: 400,
    });
    // Claimed and on its way: still waiting until its answer is kept.
    await claimEntry(db, out!.outboxId);
    const now = Date.now();
    expect(await unfinishedCounts(db, now)).toEqual({
      waiting: 2,
      held: 3,
      correcting: 1,
      attention: 1,
    });
    // Once their holds are over, held animals are waiting like any other.
    expect(await unfinishedCounts(db, now + 31_000)).toEqual({
      waiting: 5,
      held: 0,
      correcting: 1,
      attention: 1,
    });
  });
});
