/**
 * What a failed send or a failed lookup does to its entry and to the queue.
 * The entry is tried again at the `retryAt` the governor put on its failure;
 * a failure without one waits on the connection's backoff, the one backoff of
 * this window. The pause itself is the governor's: nothing here keeps it.
 */
import type { BridgeError } from '../../electron/contract/errors';
import type { OutboxEntry } from '../data/db';
import { type AttemptOutcome, markNeedsAttention, requeueEntry } from '../data/send-steps';
import type { PassScope, Turn } from './pass-scope';
import { isServicePause, meansOffline, sendFailureAction } from './transitions';
import { mayHaveCreated, reconcileDelay } from './unknown-outcome';

/**
 * The wait after a transient failure, counted once per pass; the first one
 * out of reach takes the connection offline.
 */
function passDelay(scope: PassScope, error: BridgeError): number {
  const { connection, failure } = scope;
  const first = !failure.counted;
  failure.counted = true;
  if (meansOffline(error)) {
    if (!failure.offline) {
      failure.offline = true;
      connection.goOffline(error);
    }
  } else if (first) {
    connection.failed();
  }
  return connection.delay();
}

/**
 * Applies a failed send to its entry and the queue. True when the entry went
 * to the user and the pass goes on; false when the queue must wait.
 */
export async function applySendFailure(
  scope: PassScope,
  claimed: OutboxEntry,
  error: BridgeError,
  sentAt: number,
  sentAtAsk: number,
): Promise<boolean> {
  const { ctx, connection } = scope;
  const { db, now, status } = ctx;
  const unknown = mayHaveCreated(error);
  // A lost answer: give the service time to finish before looking for the animal.
  const outcome: AttemptOutcome = unknown
    ? { lookupAfter: now() + reconcileDelay(error, scope.options.reconcileDelays) }
    : {};
  if (unknown && claimed.outcomeUnknownAt === undefined) outcome.outcomeUnknownAt = sentAt;
  switch (sendFailureAction(error, claimed.attempts)) {
    case 'needs-attention':
      await markNeedsAttention(db, claimed, error, outcome);
      if (error.kind !== 'invalid-argument') connection.goOnline();
      return true;
    case 'block-unauthorized':
      await requeueEntry(db, claimed, error, now(), outcome);
      connection.blockUnauthorized(error);
      return false;
    case 'stop-not-configured':
      await requeueEntry(db, claimed, error, now(), outcome);
      connection.stopNotConfigured(error, sentAtAsk);
      return false;
    case 'pause': {
      const at = error.retryAt ?? now() + connection.failed();
      await requeueEntry(db, claimed, error, at, outcome);
      scope.deferTo(at, isServicePause(error));
      status.set({ lastError: error });
      return false;
    }
    case 'backoff': {
      // Counted (and offline said) whether or not the governor set a time.
      const delay = passDelay(scope, error);
      const at = error.retryAt ?? now() + delay;
      await requeueEntry(db, claimed, error, at, outcome);
      scope.deferTo(at);
      if (!meansOffline(error)) status.set({ lastError: error });
      return false;
    }
  }
}

/** A lookup of a lost answer failed: the entry keeps its unknown outcome and waits. */
export async function applyLookupFailure(
  scope: PassScope,
  entry: OutboxEntry,
  error: BridgeError,
  sentAtAsk: number,
): Promise<Turn> {
  const { ctx, connection } = scope;
  connection.applyReadError(error, sentAtAsk);
  // Out of reach, the connection counted it going offline.
  const delay = meansOffline(error) ? connection.delay() : connection.failed();
  const at = error.retryAt ?? ctx.now() + delay;
  await ctx.db.outbox.update(entry.id, { nextAttemptAt: at });
  scope.deferTo(at, isServicePause(error));
  return 'wait';
}
