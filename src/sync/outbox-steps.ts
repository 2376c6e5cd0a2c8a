/**
 * The replayer's writes to the outbox, each one transaction, so that whatever
 * moment the app dies at, the entry is in a state a restart can continue from.
 */
import type { BridgeError, Pet } from '../../electron/contract';
import type { KennelDb, OutboxEntry } from '../data/db';
import { toCachedPet } from '../data/pets';
import { isOutboxEntry } from '../data/row-checks';

/**
 * Marks an entry as being sent (attempts + 1) and returns it as stored, or
 * null when it is no longer queued (synced, discarded or edited elsewhere).
 * Done before the request, so a crash mid-send leaves a 'sending' entry that
 * {@link recoverInFlight} makes retryable with the same key.
 */
export async function claimEntry(
  db: KennelDb,
  id: string,
  at: number = Date.now(),
): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row: unknown = await db.outbox.get(id);
    if (!isOutboxEntry(row) || row.state !== 'queued') return null;
    const claimed: OutboxEntry = {
      ...row,
      state: 'sending',
      attempts: row.attempts + 1,
      lastAttemptAt: at,
    };
    await db.outbox.put(claimed);
    return claimed;
  });
}

/**
 * The service created the animal: in one transaction the entry goes and the
 * pending row is replaced by the service's record under its real id.
 */
export async function completeEntry(db: KennelDb, entry: OutboxEntry, pet: Pet): Promise<void> {
  await db.transaction('rw', db.pets, db.outbox, async () => {
    await db.outbox.delete(entry.id);
    await db.pets.delete(entry.localKey);
    await db.pets.put(toCachedPet(pet));
  });
}

/** What a failed attempt leaves on its entry besides the error. */
export interface AttemptOutcome {
  /** When the earliest attempt with an unknown outcome was sent; absent when none. */
  outcomeUnknownAt?: number;
}

function outcomeFields(outcome: AttemptOutcome): Partial<OutboxEntry> {
  return outcome.outcomeUnknownAt === undefined
    ? {}
    : { outcomeUnknownAt: outcome.outcomeUnknownAt };
}

/** The service refused the animal (or it cannot be sent): keep it, with the reason, for the user. */
export async function markNeedsAttention(
  db: KennelDb,
  entry: OutboxEntry,
  error: BridgeError,
  outcome: AttemptOutcome = {},
): Promise<void> {
  await db.outbox.update(entry.id, {
    state: 'needs-attention',
    lastError: error,
    ...outcomeFields(outcome),
  });
}

/** Back to the queue (same key), not to be tried before `nextAttemptAt`. */
export async function requeueEntry(
  db: KennelDb,
  entry: OutboxEntry,
  error: BridgeError,
  nextAttemptAt: number,
  outcome: AttemptOutcome = {},
): Promise<void> {
  await db.outbox.update(entry.id, {
    state: 'queued',
    lastError: error,
    nextAttemptAt,
    ...outcomeFields(outcome),
  });
}

/**
 * Entries left 'sending' by a replayer that died mid-request: their outcome is
 * unknown, so they are queued again and retried with the SAME idempotency key,
 * and the time of that attempt is kept as the start of the unknown outcome.
 * Returns how many were recovered.
 */
export async function recoverInFlight(db: KennelDb, now: number = Date.now()): Promise<number> {
  return db.outbox
    .where('state')
    .equals('sending')
    .modify((entry: Partial<OutboxEntry>) => {
      entry.state = 'queued';
      if (typeof entry.outcomeUnknownAt !== 'number') {
        entry.outcomeUnknownAt =
          typeof entry.lastAttemptAt === 'number' ? entry.lastAttemptAt : now;
      }
    });
}
