/**
 * How an animal enters the outbox. Intake commits the animal to IndexedDB
 * first (a pending row and its outbox entry together), then it is shown, then
 * synced. Once {@link enqueueIntake} resolves, a reload or crash loses
 * nothing. Each write is one transaction, so whatever moment the app dies at,
 * the entry is in a state a restart can continue from.
 */
import type { NewPet } from '../../electron/contract/pet';
import type { ProfileName } from '../../electron/contract/profiles';
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

type FreshIds = Pick<OutboxEntry, 'id' | 'localKey' | 'idempotencyKey'>;

function freshIds(id: string = crypto.randomUUID()): FreshIds {
  return { id, localKey: `local:${id}`, idempotencyKey: crypto.randomUUID() };
}

/**
 * The hold and first sequence number of animals queued now, read inside the
 * transaction: two windows taking animals in at once still get distinct,
 * increasing sequence numbers (IndexedDB serialises them).
 */
async function placeInQueue(db: KennelDb, now: number) {
  const heldUntil = holdDeadline(now, await readHoldSeconds(db));
  const last = await db.outbox.orderBy('seq').last();
  const seq = (typeof last?.seq === 'number' ? last.seq : 0) + 1;
  return { seq, ...(heldUntil === undefined ? {} : { heldUntil }) };
}

function queuedEntry(ids: FreshIds, profile: ProfileName, payload: NewPet, now: number) {
  const fields = { state: 'queued', attempts: 0, lastError: null } as const;
  return { ...ids, ...fields, profile, payload, createdAt: now, nextAttemptAt: now };
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
  const ids = freshIds();
  const { id: outboxId, localKey } = ids;
  const now = Date.now();
  const tables = [db.pets, db.outbox, db.meta, db.records, db.photos, db.history];
  await db.transaction('rw', tables, async () => {
    const place = await placeInQueue(db, now);
    await db.pets.add(pendingRow(localKey, outboxId, payload, place.seq, now));
    await db.outbox.add({ ...queuedEntry(ids, profile, payload, now), ...place });
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
    const { seq: first, ...hold } = await placeInQueue(db, now);
    const entries: OutboxEntry[] = payloads.map((payload, i) => ({
      ...queuedEntry(freshIds(ids[i]), profile, payload, now),
      ...hold,
      seq: first + i,
      batchId,
    }));
    await db.pets.bulkAdd(
      entries.map((e) => pendingRow(e.localKey, e.id, e.payload, e.seq, now, now, true)),
    );
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
