/**
 * The one way to change the animal of an entry not sent: untried (in its
 * hold, or waiting offline) or handed to staff (refused, or set aside). An
 * untried one is kept back (`editing`) while corrected; a saved correction
 * starts the hold again. Each step is one transaction that checks the entry.
 */
import type { NewPet } from '../../electron/contract/pet';
import type { KennelDb, OutboxEntry } from './db';
import { changeableEntry, untriedEntries, withoutUnknownOutcome } from './entry-change';
import { addHistory } from './history';
import { historyEvent } from './history-desk';
import { holdDeadline, readHoldSeconds } from './hold';
import { correctedRow } from './pending-row';
import type { RecordDraft } from './intake-record';
import { putRecordIn } from './records';

/**
 * Keeps the animal back while someone corrects it: true when it was still
 * untried, false when it is already on its way (nothing changed). A quit
 * while editing leaves it held, shown as "being corrected", never sent.
 */
export async function startEditing(db: KennelDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const [entry] = await untriedEntries(db, [id]);
    if (entry === undefined) return false;
    // A deadline in the past still files it under the `heldUntil` index, so
    // the list of animals on hold shows it while it is being corrected.
    await db.outbox.put({ ...entry, editing: true, heldUntil: entry.heldUntil ?? Date.now() });
    return true;
  });
}

/** `entry` no longer being edited, held again for the profile's whole hold from `now`. */
async function heldAgain(db: KennelDb, entry: OutboxEntry, now: number): Promise<OutboxEntry> {
  const next: OutboxEntry = { ...entry, nextAttemptAt: now };
  delete next.editing;
  delete next.heldUntil;
  const heldUntil = holdDeadline(now, await readHoldSeconds(db));
  if (heldUntil !== undefined) next.heldUntil = heldUntil;
  return next;
}

/**
 * Saves a correction: `payload` (checked by the contract's rules where it was
 * typed) replaces the entry's animal, and the entry is queued and held again.
 * An untried entry keeps its idempotency key, as nothing of it was ever sent;
 * one handed to staff gets a NEW key (the payload changed, so it is a new
 * animal to the service), loses the record of its attempts, and can from now
 * on be taken back or corrected in its hold like one just typed. Its place in
 * the queue (`seq`) is kept, and the intake record, when given, is saved with
 * it. Rejects with `OutboxEntryError` when the entry is gone or on its way.
 */
export async function correctEntry(
  db: KennelDb,
  id: string,
  payload: NewPet,
  record?: RecordDraft,
): Promise<void> {
  const now = Date.now();
  const tables = [db.pets, db.outbox, db.meta, db.records, db.photos, db.history];
  await db.transaction('rw', tables, async () => {
    const entry = await changeableEntry(db, id);
    const fresh =
      entry.state === 'needs-attention'
        ? { ...withoutUnknownOutcome(entry), idempotencyKey: crypto.randomUUID() }
        : { ...entry };
    delete fresh.lastAttemptAt;
    const queued: OutboxEntry = {
      ...fresh,
      payload,
      state: 'queued',
      attempts: 0,
      lastError: null,
    };
    await db.outbox.put(await heldAgain(db, queued, now));
    await db.pets.put(correctedRow(entry, payload, now));
    if (record !== undefined) await putRecordIn(db, entry.localKey, record, now);
    const about = { petKey: entry.localKey, name: payload.name };
    await addHistory(db, historyEvent('corrected', about, now));
  });
}

/** Leaves a correction unsaved: the animal is held again for the whole hold. */
export async function stopEditing(db: KennelDb, id: string): Promise<void> {
  const now = Date.now();
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const [entry] = await untriedEntries(db, [id]);
    if (entry === undefined || entry.editing !== true) return;
    await db.outbox.put(await heldAgain(db, entry, now));
  });
}
