/**
 * The replayer's steps on the outbox: claim an entry before its request, then
 * complete it, hand it to staff, or queue it again. Each is one transaction,
 * and IndexedDB serialises a claim with staff's changes (`take-back.ts`,
 * `correction.ts`), so an animal is either changed by staff or sent, never both.
 */
import type { BridgeError } from '../../electron/contract/errors';
import type { Pet } from '../../electron/contract/pet';
import type { KennelDb, OutboxEntry } from './db';
import { withoutUnknownOutcome } from './entry-change';
import { addHistory } from './history';
import { aboutEntry, historyEvent } from './history-desk';
import { isHeld } from './hold';
import { cameByImport } from './pending-row';
import { upsertServicePets } from './pets';
import { moveRecordIn } from './records';
import { isOutboxEntry } from './row-checks';

/** How {@link claimEntry} marks an entry it is about to send. */
export interface ClaimOptions {
  /**
   * An earlier unknown outcome was settled (the animal was proven absent), so
   * this attempt starts afresh: its record is cleared in the same transaction.
   */
  outcomeSettled?: boolean;
}

/**
 * Marks an entry as being sent (attempts + 1) and returns it as stored, or
 * null when it is no longer queued (synced, discarded or edited elsewhere) or
 * is held: checked in the same transaction as the claim, so no replayer, late
 * or in another window, sends an animal inside its hold.
 * Done before the request, so a crash mid-send leaves a 'sending' entry that
 * {@link recoverInFlight} makes retryable with the same key.
 */
export async function claimEntry(
  db: KennelDb,
  id: string,
  at: number = Date.now(),
  options: ClaimOptions = {},
): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row: unknown = await db.outbox.get(id);
    if (!isOutboxEntry(row) || row.state !== 'queued' || isHeld(row, at)) return null;
    const base = options.outcomeSettled === true ? withoutUnknownOutcome(row) : row;
    const claimed: OutboxEntry = {
      ...base,
      state: 'sending',
      attempts: row.attempts + 1,
      lastAttemptAt: at,
    };
    // Out of the hold for good: it leaves the list of animals that can still be changed.
    delete claimed.heldUntil;
    delete claimed.editing;
    await db.outbox.put(claimed);
    return claimed;
  });
}

/**
 * The animal exists on the service (created by this attempt, or found there
 * after a lost answer): in one transaction the entry goes and the pending row
 * is replaced by the service's record under its real id, and the intake
 * record moves with it.
 */
export async function completeEntry(db: KennelDb, entry: OutboxEntry, pet: Pet): Promise<void> {
  const tables = [db.pets, db.outbox, db.records, db.photos, db.history];
  await db.transaction('rw', tables, async () => {
    // Written once: an entry another window completed first is not counted again here.
    const waiting = (await db.outbox.get(entry.id)) !== undefined;
    await db.outbox.delete(entry.id);
    await db.pets.delete(entry.localKey);
    await moveRecordIn(db, entry.localKey, pet.id);
    await upsertServicePets(db, [pet]);
    // The duplicate warning counts from the typing, not from the send; the
    // card printed at intake said "ID pending", so a card with the ID is due.
    // The entry's id stays on the row: details open on the pending row find
    // the animal again under its new key (`followPet`).
    await db.pets.update(pet.id, {
      typedAt: entry.createdAt,
      sentAt: Date.now(),
      cardDue: 1,
      outboxId: entry.id,
      ...(cameByImport(entry) ? { imported: 1 } : {}),
    });
    if (waiting) {
      await addHistory(db, historyEvent('sent', { petKey: pet.id, petId: pet.id, name: pet.name }));
    }
  });
}

/** What a failed attempt leaves on its entry besides the error. */
export interface AttemptOutcome {
  /** When the earliest attempt with an unknown outcome was sent; absent when none. */
  outcomeUnknownAt?: number;
  /** Not before this time is the service searched for the animal. */
  lookupAfter?: number;
  /** The service's animals that may be this one (see {@link OutboxEntry.candidates}). */
  candidates?: Pet[];
}

function outcomeFields(outcome: AttemptOutcome): Partial<OutboxEntry> {
  const fields: Partial<OutboxEntry> = {};
  if (outcome.outcomeUnknownAt !== undefined) fields.outcomeUnknownAt = outcome.outcomeUnknownAt;
  if (outcome.lookupAfter !== undefined) fields.lookupAfter = outcome.lookupAfter;
  if (outcome.candidates !== undefined) fields.candidates = outcome.candidates;
  return fields;
}

/** The service refused the animal (or it cannot be sent safely): keep it, with the reason, for the user. */
export async function markNeedsAttention(
  db: KennelDb,
  entry: OutboxEntry,
  error: BridgeError,
  outcome: AttemptOutcome = {},
): Promise<void> {
  await db.transaction('rw', db.outbox, db.history, async () => {
    const before = await db.outbox.get(entry.id);
    const handed = await db.outbox.update(entry.id, {
      state: 'needs-attention',
      lastError: error,
      ...outcomeFields(outcome),
    });
    // Once per hand-over: an entry already waiting for staff is not handed over again.
    // One that may already be on the service was set aside for staff, not refused.
    if (handed > 0 && before?.state !== 'needs-attention') {
      const kind = outcome.candidates === undefined ? 'refused' : 'set-aside';
      await addHistory(db, historyEvent(kind, aboutEntry(entry)));
    }
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
 * unknown, so they are queued again, and the time of that attempt is kept as
 * the start of the unknown outcome: the replayer looks for the animal on the
 * service, not before `lookupAfter`, before it sends the entry again. Returns
 * how many were recovered.
 */
export async function recoverInFlight(
  db: KennelDb,
  now: number = Date.now(),
  lookupAfter: number = now,
): Promise<number> {
  return db.outbox
    .where('state')
    .equals('sending')
    .modify((entry: Partial<OutboxEntry>) => {
      entry.state = 'queued';
      if (typeof entry.outcomeUnknownAt !== 'number') {
        entry.outcomeUnknownAt =
          typeof entry.lastAttemptAt === 'number' ? entry.lastAttemptAt : now;
      }
      // Nobody knows when that request went out: treat it as one given up on.
      const before = typeof entry.lookupAfter === 'number' ? entry.lookupAfter : 0;
      entry.lookupAfter = Math.max(before, lookupAfter);
    });
}
