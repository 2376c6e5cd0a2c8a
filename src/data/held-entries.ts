/**
 * What staff can do with an animal during its hold (`hold.ts`): take it back,
 * correct it, or let it go at once. Each action is one read-write
 * transaction that checks the entry first, and IndexedDB serialises it with
 * the replayer's claim, so an animal is either changed here or sent, never
 * both.
 */
import type { NewPet } from '../../electron/contract';
import type { KennelDb, OutboxEntry } from './db';
import { addHistory } from './history';
import { historyEvent } from './history-desk';
import { holdDeadline, readHoldSeconds } from './hold';
import { aboutEntry, canTakeBack } from './outbox';
import { correctedRow } from './pending-row';
import type { RecordDraft } from './intake-record';
import { deleteRecordsIn, putRecordIn } from './records';
import { isOutboxEntry } from './row-checks';

/** What became of a request to take back several animals. */
export interface TakeBackResult {
  /** Taken back: gone from the outbox and the list. */
  withdrawn: number;
  /** Already on their way or sent, or refused by the service: left where they are. */
  tooLate: number;
}

/** The entries that have had a hold and may still be changed, oldest first. Read-only. */
export async function heldEntries(db: KennelDb): Promise<OutboxEntry[]> {
  const rows: unknown[] = await db.outbox.where('heldUntil').aboveOrEqual(-Infinity).toArray();
  return rows
    .filter((row): row is OutboxEntry => isOutboxEntry(row) && canTakeBack(row))
    .sort((a, b) => a.seq - b.seq);
}

/** The entries of `ids` that may still be changed, read inside the caller's transaction. */
async function changeable(db: KennelDb, ids: readonly string[]): Promise<OutboxEntry[]> {
  const rows: unknown[] = await db.outbox.bulkGet([...ids]);
  return rows.filter((row): row is OutboxEntry => isOutboxEntry(row) && canTakeBack(row));
}

/**
 * Takes back every animal of `ids` that has not been tried yet (Undo, or Undo
 * of a whole import), with its pending row, in one transaction.
 */
export async function takeBackEntries(
  db: KennelDb,
  ids: readonly string[],
): Promise<TakeBackResult> {
  return db.transaction('rw', [db.pets, db.outbox, db.records, db.photos, db.history], async () => {
    const entries = await changeable(db, ids);
    await db.outbox.bulkDelete(entries.map((entry) => entry.id));
    await db.pets.bulkDelete(entries.map((entry) => entry.localKey));
    await deleteRecordsIn(
      db,
      entries.map((entry) => entry.localKey),
    );
    await addHistory(db, ...entries.map((entry) => historyEvent('taken-back', aboutEntry(entry))));
    return { withdrawn: entries.length, tooLate: ids.length - entries.length };
  });
}

/** Ends the hold of `ids` ("Send now"); entries being edited stay held. Returns how many it let go. */
export async function sendHeldNow(db: KennelDb, ids: readonly string[]): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const entries = (await changeable(db, ids)).filter(
      (entry) => entry.heldUntil !== undefined && entry.editing !== true,
    );
    for (const entry of entries) {
      const released = { ...entry };
      delete released.heldUntil;
      await db.outbox.put(released);
    }
    return entries.length;
  });
}

/**
 * Keeps the animal back while someone corrects it: true when it was still
 * changeable, false when it is already on its way (nothing changed). A quit
 * while editing leaves it held, shown as "being corrected", never sent.
 */
export async function startEditing(db: KennelDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const [entry] = await changeable(db, [id]);
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
 * Saves a correction made during the hold: the new animal replaces the old in
 * the entry and in the list, and the hold starts again, so the corrected
 * animal gets its own moment to be checked. Nothing was ever sent, so the
 * idempotency key stays. The intake record, when given, is saved with it.
 * False when the entry is gone (sent, or taken back in another window).
 */
export async function saveCorrection(
  db: KennelDb,
  id: string,
  payload: NewPet,
  record?: RecordDraft,
): Promise<boolean> {
  const now = Date.now();
  const tables = [db.pets, db.outbox, db.meta, db.records, db.photos, db.history];
  return db.transaction('rw', tables, async () => {
    const [entry] = await changeable(db, [id]);
    if (entry === undefined) return false;
    await db.outbox.put({ ...(await heldAgain(db, entry, now)), payload });
    await db.pets.put(correctedRow(entry, payload, now));
    if (record !== undefined) await putRecordIn(db, entry.localKey, record, now);
    const about = { petKey: entry.localKey, name: payload.name };
    await addHistory(db, historyEvent('corrected', about, now));
    return true;
  });
}

/** Leaves a correction unsaved: the animal is held again for the whole hold. */
export async function stopEditing(db: KennelDb, id: string): Promise<void> {
  const now = Date.now();
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const [entry] = await changeable(db, [id]);
    if (entry === undefined || entry.editing !== true) return;
    await db.outbox.put(await heldAgain(db, entry, now));
  });
}
