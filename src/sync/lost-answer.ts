/**
 * Settling an entry whose last answer was lost, before it is sent again: its
 * call, if still running on the Node side, is ended first; then either the
 * service is trusted to honour the entry's key, or the animal is looked for.
 * Done with nothing else of this window in flight (see `drain-pass.ts`), so a
 * create landing meanwhile is never taken for it.
 */
import type { Pet } from '../../electron/contract/pet';
import type { OutboxEntry } from '../data/db';
import { markNeedsAttention } from '../data/send-steps';
import type { PassScope, Turn } from './pass-scope';
import { mayExistError, reconcile } from './reconcile';
import { applyLookupFailure } from './send-failure';
import { keyCoversRetry } from './unknown-outcome';

/** How settling ended: the turn is over, the animal was found, or the entry is sent. */
export type Settled =
  | { turn: Turn }
  | { found: Pet }
  /** Sent again: on its key, which the service honours, or afresh, the animal proven absent. */
  | { send: 'on-its-key' | 'afresh' };

/** Settles one lost answer; see the module's description. */
export async function settleLostAnswer(scope: PassScope, entry: OutboxEntry): Promise<Settled> {
  const { ctx, connection } = scope;
  const { api, profile, db, now } = ctx;
  // A window that went away mid-send may have left its call running on the
  // Node side, waiting to send: end it first, or it could create the animal
  // after the lists showed it absent.
  const ended = await api.cancelCreate(profile, { idempotencyKey: entry.idempotencyKey });
  if (ended.ok && ended.value) return { turn: await waitToSettle(scope, entry) };
  const proof = await api.idempotencyProvenAt(profile);
  const provenAt = proof.ok ? proof.value : null;
  if (keyCoversRetry(entry, provenAt, now(), scope.options.retentionMs)) {
    return { send: 'on-its-key' };
  }
  const lookedAtAsk = connection.askMark();
  const verdict = await reconcile(ctx, entry);
  switch (verdict.kind) {
    case 'found':
      return { found: verdict.pet };
    case 'unsure':
      await markNeedsAttention(db, entry, mayExistError(verdict.candidates), {
        candidates: verdict.candidates,
      });
      connection.goOnline();
      return { turn: 'done' };
    case 'read-failed':
      return { turn: await applyLookupFailure(scope, entry, verdict.error, lookedAtAsk) };
    case 'absent':
      return { send: 'afresh' };
  }
}

/**
 * A send was just cut off: as after a timeout, the service may still be
 * working on it, so give it time to land before looking.
 */
async function waitToSettle(scope: PassScope, entry: OutboxEntry): Promise<Turn> {
  const { ctx, options } = scope;
  const at = ctx.now() + options.reconcileDelays.afterTimeoutMs;
  await ctx.db.outbox.update(entry.id, { nextAttemptAt: at, lookupAfter: at });
  scope.deferTo(at);
  return 'wait';
}
