/**
 * One entry's turn in a pass: a lost answer is settled first, then the entry
 * is claimed (so a crash mid-send leaves it 'sending', to be looked up) and
 * handed to the governor, which sends it when the key's window lets it; its
 * answer is then applied.
 */
import type { Pet } from '../../electron/contract/pet';
import type { OutboxEntry } from '../data/db';
import { claimEntry, completeEntry, markNeedsAttention } from '../data/send-steps';
import { settleLostAnswer } from './lost-answer';
import type { PassScope, Turn } from './pass-scope';
import { applySendFailure } from './send-failure';

/** Takes one entry's turn; see the module's description. */
export async function takeTurn(scope: PassScope, entry: OutboxEntry): Promise<Turn> {
  const { ctx, connection } = scope;
  const { db, profile, api, now } = ctx;
  if (entry.profile !== profile) {
    // One database per profile makes this impossible by construction; if a
    // row still claims another profile, it is never sent here.
    await markNeedsAttention(db, entry, {
      kind: 'invalid-argument',
      message: `Taken in for the ${entry.profile} profile, never sent to ${profile}.`,
    });
    return 'done';
  }
  let outcomeSettled = false;
  if (entry.outcomeUnknownAt !== undefined) {
    const settled = await settleLostAnswer(scope, entry);
    if ('turn' in settled) return settled.turn;
    if ('found' in settled) return created(scope, entry, settled.found);
    outcomeSettled = settled.send === 'afresh';
  }
  const sentAt = now();
  const claimed = await claimEntry(db, entry.id, sentAt, { outcomeSettled });
  if (!claimed) return 'skipped';
  const sentAtAsk = connection.askMark();
  const result = await api.createPet(profile, claimed.payload, {
    idempotencyKey: claimed.idempotencyKey,
  });
  if (result.ok) return created(scope, claimed, result.value);
  const handled = await applySendFailure(scope, claimed, result.error, sentAt, sentAtAsk);
  if (!handled) return 'wait';
  ctx.status.set({ lastError: result.error });
  return 'done';
}

/** The animal is on the service: swap the pending row for it. */
async function created(scope: PassScope, entry: OutboxEntry, pet: Pet): Promise<Turn> {
  await completeEntry(scope.ctx.db, entry, pet);
  scope.connection.goOnline();
  return 'done';
}
