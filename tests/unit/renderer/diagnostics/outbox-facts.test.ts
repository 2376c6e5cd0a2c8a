import { describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { ProfileName } from '../../../../electron/contract/profiles';
import type { KennelDb } from '../../../../src/data/db';
import { saveHoldSeconds } from '../../../../src/data/hold';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { claimEntry, markNeedsAttention, requeueEntry } from '../../../../src/data/send-steps';
import { readOutboxFacts } from '../../../../src/diagnostics/outbox-facts';
import { freshProfileDb } from '../data/test-db';

const PROFILE: ProfileName = 'local';

async function enqueue(db: KennelDb, name: string): Promise<string> {
  return (await enqueueIntake(db, PROFILE, { name, categoryId: '3' })).outboxId;
}

async function claim(db: KennelDb, id: string, at: number) {
  const entry = await claimEntry(db, id, at);
  if (entry === null) throw new Error(`entry ${id} could not be claimed`);
  return entry;
}

describe('readOutboxFacts', () => {
  it('counts each state and keeps each failure with the time it was tried', async () => {
    const db = freshProfileDb();
    const [refused, retrying, sending] = [
      await enqueue(db, 'Refused'),
      await enqueue(db, 'Retrying'),
      await enqueue(db, 'Sending'),
    ];
    await enqueue(db, 'Waiting');
    const refusal: BridgeError = { kind: 'validation', status: 400, message: 'no' };
    const dropped: BridgeError = { kind: 'network', message: 'reset', outcomeUnknown: true };
    await markNeedsAttention(db, await claim(db, refused, 1_000), refusal);
    await requeueEntry(db, await claim(db, retrying, 2_000), dropped, Date.now() + 60_000);
    await claim(db, sending, 3_000);
    // Taken in with a hold: waiting, and still in staff's hands.
    await saveHoldSeconds(db, 600);
    await enqueue(db, 'Held');

    const facts = await readOutboxFacts(db, Date.now());
    expect(facts).toMatchObject({ queued: 3, sending: 1, needsAttention: 1, held: 1, setAside: 0 });
    expect(facts.errors).toEqual(
      expect.arrayContaining([
        { error: refusal, at: 1_000 },
        { error: dropped, at: 2_000 },
      ]),
    );
    expect(facts.errors).toHaveLength(2);
  });

  it('counts a hold that has run out as waiting only', async () => {
    const db = freshProfileDb(PROFILE, undefined, 60);
    await enqueue(db, 'Held');
    expect(await readOutboxFacts(db, Date.now())).toMatchObject({ queued: 1, held: 1 });
    expect(await readOutboxFacts(db, Date.now() + 61_000)).toMatchObject({ queued: 1, held: 0 });
  });
});
