/**
 * The outbox, in one place: every way an entry is created, read, changed by the
 * user, and moved along by the replayer. Each write is one transaction, so
 * whatever moment the app dies at, the entry is in a state a restart can
 * continue from.
 *
 * Intake commits the animal to IndexedDB first (a pending row and its outbox
 * entry together), then it is shown, then synced. Once {@link enqueueIntake}
 * resolves, a reload or crash loses nothing. Only an explicit discard removes
 * an entry that was not sent; the sync path at most hands one to the user
 * (needs-attention).
 */
import type { BridgeError, NewPet, Pet, ProfileName } from '../../electron/contract';
import type { KennelDb, OutboxEntry } from './db';
import { deferQuarantine } from './deferred-quarantine';
import { addHistory } from './history';
import { historyEvent } from './history-desk';
import { holdDeadline, isHeld, readHoldSeconds } from './hold';
import { OutboxEntryError } from './outbox-entry-error';
import { profileOfDb, repairOutboxRow } from './outbox-repair';
import { cameByImport, correctedRow, pendingRow } from './pending-row';
import { upsertServicePets } from './pets';
import type { RecordDraft } from './intake-record';
import { joinLitterIn, type LitterJoin } from './litter';
import { deleteRecordsIn, moveRecordIn, putRecordIn } from './records';
import { storedKey, type BadRow } from './quarantine';
import { isOutboxEntry, OUTBOX_STATES, outboxEntryProblem } from './row-checks';

/** Where a queued animal is: its pending row in the list and its outbox entry. */
export interface Queued {
  localKey: string;
  outboxId: string;
}

/**
 * In ONE read-write transaction over `pets` and `outbox`, writes the pending
 * animal (already checked by the contract's rules where it was made: the form,
 * the import, an edit) and its outbox entry with a fresh
 * idempotency key, held for the profile's hold (`hold.ts`). Resolves after
 * the transaction committed; rejects with the storage error (see
 * `describeStorageError`) when it could not, in which case neither row exists.
 * The animal's intake record, when given, is written in the same transaction,
 * and so is its place in a litter (`litter.ts`).
 */
export async function enqueueIntake(
  db: KennelDb,
  profile: ProfileName,
  payload: NewPet,
  record?: RecordDraft,
  litter?: LitterJoin,
): Promise<Queued> {
  const outboxId = crypto.randomUUID();
  const localKey = `local:${outboxId}`;
  const idempotencyKey = crypto.randomUUID();
  const now = Date.now();

  const tables = [db.pets, db.outbox, db.meta, db.records, db.photos, db.history];
  await db.transaction('rw', tables, async () => {
    const heldUntil = holdDeadline(now, await readHoldSeconds(db));
    // Inside the transaction, so two windows taking animals in at once still
    // get distinct, increasing sequence numbers (IndexedDB serialises them).
    const last = await db.outbox.orderBy('seq').last();
    const seq = (typeof last?.seq === 'number' ? last.seq : 0) + 1;
    await db.pets.add(pendingRow(localKey, outboxId, payload, seq, now));
    const entry: OutboxEntry = {
      id: outboxId,
      seq,
      profile,
      payload,
      idempotencyKey,
      localKey,
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: now,
      nextAttemptAt: now,
    };
    if (heldUntil !== undefined) entry.heldUntil = heldUntil;
    await db.outbox.add(entry);
    if (record !== undefined) await putRecordIn(db, localKey, record, now);
    if (litter !== undefined) await joinLitterIn(db, localKey, litter, now);
    await addHistory(db, historyEvent('typed', { petKey: localKey, name: payload.name }, now));
  });
  return { localKey, outboxId };
}

/**
 * Queues many animals (already checked, e.g. the valid rows of an import) in
 * ONE read-write transaction: either every one gets its pending row and
 * outbox entry, in the order given, or none does. They share one hold and one
 * `batchId`, so the whole batch can be taken back at once. `records[i]` is
 * the intake record of `payloads[i]`, if any, written in the same
 * transaction, as is the history's one row for the batch, named by `file`
 * (the file's name; absent for pasted text). Resolves to the entries' ids once committed; rejects with the
 * storage error when it could not.
 */
export async function enqueueMany(
  db: KennelDb,
  profile: ProfileName,
  payloads: readonly NewPet[],
  records: readonly (RecordDraft | undefined)[] = [],
  file?: string,
): Promise<string[]> {
  const now = Date.now();
  const ids = payloads.map(() => crypto.randomUUID());
  const batchId = crypto.randomUUID();
  const tables = [db.pets, db.outbox, db.meta, db.records, db.photos, db.history];
  await db.transaction('rw', tables, async () => {
    const heldUntil = holdDeadline(now, await readHoldSeconds(db));
    const last = await db.outbox.orderBy('seq').last();
    const first = (typeof last?.seq === 'number' ? last.seq : 0) + 1;
    const entries: OutboxEntry[] = [];
    const rows = payloads.map((payload, i) => {
      const outboxId = ids[i] ?? crypto.randomUUID();
      const localKey = `local:${outboxId}`;
      entries.push({
        id: outboxId,
        seq: first + i,
        profile,
        payload,
        idempotencyKey: crypto.randomUUID(),
        localKey,
        state: 'queued',
        attempts: 0,
        lastError: null,
        createdAt: now,
        nextAttemptAt: now,
        batchId,
        ...(heldUntil === undefined ? {} : { heldUntil }),
      });
      return pendingRow(localKey, outboxId, payload, first + i, now, now, true);
    });
    await db.pets.bulkAdd(rows);
    await db.outbox.bulkAdd(entries);
    for (const [i, record] of records.entries()) {
      const entry = entries[i];
      if (record !== undefined && entry !== undefined) {
        await putRecordIn(db, entry.localKey, record, now);
      }
    }
    const batch = file === undefined || file === '' ? {} : { batch: file };
    await addHistory(db, historyEvent('imported', { count: payloads.length, ...batch }, now));
  });
  return ids;
}

/**
 * Reads the outbox, in `seq` order. Read-only, so it can run inside a live
 * query. A row that fails validation is never returned as it is: when its
 * animal is still valid it comes back repaired as 'needs-attention' (the
 * repair is written later), otherwise it is left out; either way it goes to
 * the deferred quarantine step.
 */
export async function readOutbox(db: KennelDb): Promise<OutboxEntry[]> {
  // A full scan, not the seq index: a damaged row without a numeric seq is
  // missing from that index and would never be noticed.
  return readEntries(db, await db.outbox.toArray());
}

/**
 * `rows` of the outbox checked as {@link readOutbox} does, in `seq` order. A
 * repaired row without a usable `seq` goes after the last entry of the queue.
 */
async function readEntries(db: KennelDb, rows: readonly unknown[]): Promise<OutboxEntry[]> {
  const good: OutboxEntry[] = [];
  const damaged: unknown[] = [];
  const bad: BadRow[] = [];
  for (const row of rows) {
    const problem = outboxEntryProblem(row);
    if (problem === null) {
      good.push(row as OutboxEntry);
    } else {
      damaged.push(row);
      bad.push({ key: storedKey(row, 'id'), row, problem });
    }
  }
  if (damaged.length > 0) {
    const last: unknown = await db.outbox.orderBy('seq').last();
    const seq = (last as { seq?: unknown } | undefined)?.seq;
    const lastSeq = Math.max(
      typeof seq === 'number' && Number.isFinite(seq) ? seq : 0,
      ...good.map((entry) => entry.seq),
    );
    const context = { profile: profileOfDb(db.name), now: Date.now(), fallbackSeq: lastSeq + 1 };
    for (const row of damaged) {
      const repaired = repairOutboxRow(row, context);
      if (repaired !== null) good.push(repaired);
    }
  }
  deferQuarantine(db, 'outbox', bad);
  return good.sort((a, b) => a.seq - b.seq);
}

/**
 * How many entries are in any of `states`. One native count per state: Dexie
 * counts an `anyOf` by walking a cursor over every entry, which a queue of a
 * thousand animals makes slow after every write.
 */
async function countInStates(db: KennelDb, states: readonly string[]): Promise<number> {
  const counts = await Promise.all(
    states.map((state) => db.outbox.where('state').equals(state).count()),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** How many animals are waiting to be sent (queued or being sent; not those needing attention). */
export async function waitingCount(db: KennelDb): Promise<number> {
  return countInStates(db, ['queued', 'sending']);
}

/**
 * Entries the service refused (or that were repaired), in creation order; each
 * needs the user to edit, resend or discard. Read-only.
 *
 * It runs after every write to the queue, and a bulk import can queue a
 * thousand animals: so it reads only the entries the `state` index files as
 * needing attention. A row with no valid state is missing from that index, so
 * the two counts differ and the whole outbox is read (and the row repaired or
 * set aside). Other damage in a queued row is found by the replayer's own
 * full read ({@link readOutbox}) at its next pass.
 */
export async function needsAttention(db: KennelDb): Promise<OutboxEntry[]> {
  const [all, filed] = await Promise.all([db.outbox.count(), countInStates(db, OUTBOX_STATES)]);
  const entries =
    all === filed
      ? await readEntries(db, await db.outbox.where('state').equals('needs-attention').toArray())
      : await readOutbox(db);
  return entries.filter((entry) => entry.state === 'needs-attention');
}

/**
 * The entry the user acts on, inside the caller's read-write transaction. A
 * damaged row whose animal is still valid is taken in its repaired form (the
 * caller's write stores it). Only entries that need attention can be changed:
 * a queued one may have had an attempt whose outcome is unknown, and a change
 * from a stale screen could then create the animal twice.
 */
async function entryForChange(db: KennelDb, id: string): Promise<OutboxEntry> {
  const row: unknown = await db.outbox.get(id);
  if (row === undefined) throw new OutboxEntryError(id, 'not-found');
  const context = { profile: profileOfDb(db.name), now: Date.now(), fallbackSeq: 0 };
  const entry =
    outboxEntryProblem(row) === null ? (row as OutboxEntry) : repairOutboxRow(row, context);
  if (entry === null) throw new OutboxEntryError(id, 'not-found');
  // Changing an entry while its request is out could create the animal twice.
  if (entry.state === 'sending') throw new OutboxEntryError(id, 'in-flight');
  if (entry.state !== 'needs-attention') throw new OutboxEntryError(id, 'queued');
  return entry;
}

/** The entry without the record of an earlier unknown outcome and its candidates. */
function withoutUnknownOutcome(entry: OutboxEntry): OutboxEntry {
  const copy = { ...entry };
  delete copy.outcomeUnknownAt;
  delete copy.lookupAfter;
  delete copy.candidates;
  return copy;
}

/**
 * Replaces an entry's payload (and its pending row) with the user's edit and
 * queues it again, held like any intake. The payload changed, so it gets a
 * NEW idempotency key; its place in the queue (`seq`) is kept. Its intake
 * record, when given, is saved with it. Rejects with `OutboxEntryError`
 * unless the entry needs attention (gone, being sent, or queued).
 */
export async function editEntry(
  db: KennelDb,
  id: string,
  payload: NewPet,
  record?: RecordDraft,
): Promise<Queued> {
  const idempotencyKey = crypto.randomUUID();
  const now = Date.now();
  let localKey = '';
  const tables = [db.pets, db.outbox, db.meta, db.records, db.photos, db.history];
  await db.transaction('rw', tables, async () => {
    const entry = await entryForChange(db, id);
    localKey = entry.localKey;
    const heldUntil = holdDeadline(now, await readHoldSeconds(db));
    // A new key makes it a new animal to the service: like one just typed, it
    // can be taken back or corrected in its hold, as no attempt of it went out.
    const fresh = withoutUnknownOutcome(entry);
    delete fresh.lastAttemptAt;
    await db.outbox.put({
      ...fresh,
      payload,
      idempotencyKey,
      state: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: now,
      ...(heldUntil === undefined ? {} : { heldUntil }),
    });
    await db.pets.put(correctedRow(entry, payload, now));
    if (record !== undefined) await putRecordIn(db, entry.localKey, record, now);
    const about = { petKey: entry.localKey, name: payload.name };
    await addHistory(db, historyEvent('corrected', about, now));
  });
  return { localKey, outboxId: id };
}

/**
 * Queues an entry that needs attention again as it is (same payload, same
 * idempotency key), due now. On a "may already exist" entry the user has
 * checked the service, so its unknown outcome no longer holds it back; on any
 * other, an unknown outcome still has the animal looked up before it is sent.
 */
export async function resendEntry(db: KennelDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await entryForChange(db, id);
    // Only a "may already exist" entry asked the user to check the service;
    // any other one with an unknown outcome is still looked up first.
    const checked = entry.candidates !== undefined;
    await db.outbox.put({
      ...(checked ? withoutUnknownOutcome(entry) : entry),
      state: 'queued',
      lastError: null,
      nextAttemptAt: Date.now(),
    });
  });
}

/**
 * Removes an entry that needs attention and its pending animal in one
 * transaction. Only ever called on an explicit user action; nothing in the
 * sync path drops entries.
 */
export async function discardEntry(db: KennelDb, id: string): Promise<void> {
  await db.transaction('rw', [db.pets, db.outbox, db.records, db.photos, db.history], async () => {
    const entry = await entryForChange(db, id);
    await db.outbox.delete(entry.id);
    await db.pets.delete(entry.localKey);
    await deleteRecordsIn(db, [entry.localKey]);
    // Staff chose not to send it: taken back, as an Undo is.
    await addHistory(db, historyEvent('taken-back', aboutEntry(entry)));
  });
}

/**
 * Takes back an animal the user has just added (the add form's Undo): in ONE
 * read-write transaction the entry's state is checked and, only when it is
 * still queued and has never been tried, the entry and its pending animal are
 * removed. Once the replayer has claimed an entry its request may have reached
 * the service, which offers no delete, so a claimed, sending or already tried
 * entry stays where it is. IndexedDB serialises this with `claimEntry`, so an
 * entry is either withdrawn or sent, never both. Returns whether it was
 * withdrawn (false as well when it is gone: synced or discarded).
 */
export async function withdrawEntry(db: KennelDb, id: string): Promise<boolean> {
  const tables = [db.pets, db.outbox, db.records, db.photos, db.history];
  return db.transaction('rw', tables, async () => {
    const row: unknown = await db.outbox.get(id);
    if (!isOutboxEntry(row) || !canTakeBack(row)) return false;
    await db.outbox.delete(row.id);
    await db.pets.delete(row.localKey);
    await deleteRecordsIn(db, [row.localKey]);
    await addHistory(db, historyEvent('taken-back', aboutEntry(row)));
    return true;
  });
}

/** What a history row says of the animal of `entry`: its key while it waits, and its name. */
export function aboutEntry(entry: OutboxEntry): { petKey: string; name: string } {
  return { petKey: entry.localKey, name: entry.payload.name };
}

/**
 * Queued, and no attempt of it has ever gone out (nor one of unknown outcome):
 * the service cannot have it, so it can still be taken back or corrected.
 */
export function canTakeBack(entry: OutboxEntry): boolean {
  return (
    entry.state === 'queued' &&
    entry.attempts === 0 &&
    entry.lastAttemptAt === undefined &&
    entry.outcomeUnknownAt === undefined
  );
}

// --- the replayer's steps -----------------------------------------------------

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
