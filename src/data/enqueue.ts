/**
 * How an animal enters the outbox. Intake commits the animal to IndexedDB
 * first (a pending row and its outbox entry together), then it is shown, then
 * synced. Once {@link enqueueIntake} resolves, a reload or crash loses
 * nothing. Each write is one transaction, so whatever moment the app dies at,
 * the entry is in a state a restart can continue from.
 */
import type { NewPet, ProfileName } from '../../electron/contract';
import type { KennelDb, OutboxEntry } from './db';
import { addHistory } from './history';
import { historyEvent } from './history-desk';
import { holdDeadline, readHoldSeconds } from './hold';
import { pendingRow } from './pending-row';
import type { RecordDraft } from './intake-record';
import { joinLitterIn, type LitterJoin } from './litter';
import { putRecordIn } from './records';

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
