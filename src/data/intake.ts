/**
 * Intake: every animal a user adds is committed to IndexedDB first (a pending
 * row and its outbox entry in one transaction), then shown, then synced. Once
 * {@link enqueueIntake} resolves, a reload or crash loses nothing. Entries
 * never expire; only an explicit discard removes one.
 */
import type { NewPet, ProfileName } from '../../electron/contract';
import { validateNewPet, type NewPetField } from '../../electron/contract/validate';
import type { CachedPet, KennelDb, OutboxEntry } from './db';
import { OutboxEntryError } from './outbox-entry-error';
import { pendingOrder } from './order';
import { quarantineRows, storedKey, type BadRow } from './quarantine';
import { outboxEntryProblem } from './row-checks';

/** What the intake form sends. Unvalidated: it comes straight from the inputs. */
export interface IntakeInput {
  name: unknown;
  categoryId: unknown;
  status?: unknown;
}

/** Field messages when the input is not a valid animal. */
export type IntakeErrors = Partial<Record<NewPetField, string>>;

/** The result of {@link enqueueIntake} and {@link editEntry}. */
export type IntakeResult =
  { ok: true; localKey: string; outboxId: string } | { ok: false; errors: IntakeErrors };

function pendingRow(
  localKey: string,
  outboxId: string,
  payload: NewPet,
  seq: number,
  now: number,
): CachedPet {
  return {
    key: localKey,
    id: null,
    name: payload.name,
    categoryId: payload.categoryId,
    status: payload.status ?? null,
    pending: 1,
    outboxId,
    order: pendingOrder(seq),
    updatedAt: now,
  };
}

/**
 * Validates `input` and, in ONE read-write transaction over `pets` and
 * `outbox`, writes the pending animal and its outbox entry with a fresh
 * idempotency key. Resolves after the transaction committed; rejects with the
 * storage error (see `describeStorageError`) when it could not, in which case
 * neither row exists.
 */
export async function enqueueIntake(
  db: KennelDb,
  profile: ProfileName,
  input: IntakeInput,
): Promise<IntakeResult> {
  const checked = validateNewPet(input);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const payload = checked.value;
  const outboxId = crypto.randomUUID();
  const localKey = `local:${outboxId}`;
  const idempotencyKey = crypto.randomUUID();
  const now = Date.now();

  await db.transaction('rw', db.pets, db.outbox, async () => {
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
    await db.outbox.add(entry);
  });
  return { ok: true, localKey, outboxId };
}

/**
 * Reads outbox rows, moving any that fail validation to the quarantine.
 * The result is in `seq` order.
 */
export async function readOutbox(db: KennelDb): Promise<OutboxEntry[]> {
  // A full scan, not the seq index: a damaged row without a numeric seq is
  // missing from that index and would never be noticed. The outbox is small.
  const rows: unknown[] = await db.outbox.toArray();
  const good: OutboxEntry[] = [];
  const bad: BadRow[] = [];
  for (const row of rows) {
    const problem = outboxEntryProblem(row);
    if (problem === null) good.push(row as OutboxEntry);
    else bad.push({ key: storedKey(row, 'id'), row, problem });
  }
  await quarantineRows(db, 'outbox', bad);
  return good.sort((a, b) => a.seq - b.seq);
}

/** How many animals are waiting to be sent (queued or being sent; not those needing attention). */
export async function waitingCount(db: KennelDb): Promise<number> {
  return db.outbox.where('state').anyOf('queued', 'sending').count();
}

/** Entries the service refused, in creation order; each needs the user to edit, resend or discard. */
export async function needsAttention(db: KennelDb): Promise<OutboxEntry[]> {
  const entries = await readOutbox(db);
  return entries.filter((entry) => entry.state === 'needs-attention');
}

async function entryForChange(db: KennelDb, id: string): Promise<OutboxEntry> {
  const row: unknown = await db.outbox.get(id);
  if (row === undefined) throw new OutboxEntryError(id, 'not-found');
  const problem = outboxEntryProblem(row);
  if (problem !== null) throw new OutboxEntryError(id, 'not-found');
  const entry = row as OutboxEntry;
  // Changing an entry while its request is out could create the animal twice.
  if (entry.state === 'sending') throw new OutboxEntryError(id, 'in-flight');
  return entry;
}

/**
 * Replaces an entry's payload (and its pending row) with the user's edit and
 * queues it again. The payload changed, so it gets a NEW idempotency key; its
 * place in the queue (`seq`) is kept. Rejects with `OutboxEntryError` when the
 * entry is gone or being sent.
 */
export async function editEntry(
  db: KennelDb,
  id: string,
  input: IntakeInput,
): Promise<IntakeResult> {
  const checked = validateNewPet(input);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const payload = checked.value;
  const idempotencyKey = crypto.randomUUID();
  const now = Date.now();
  let localKey = '';
  await db.transaction('rw', db.pets, db.outbox, async () => {
    const entry = await entryForChange(db, id);
    localKey = entry.localKey;
    await db.outbox.put({
      ...entry,
      payload,
      idempotencyKey,
      state: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: now,
    });
    await db.pets.put(pendingRow(entry.localKey, entry.id, payload, entry.seq, now));
  });
  return { ok: true, localKey, outboxId: id };
}

/** Queues an entry again as it is (same payload, same idempotency key), due now. */
export async function resendEntry(db: KennelDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await entryForChange(db, id);
    await db.outbox.put({ ...entry, state: 'queued', lastError: null, nextAttemptAt: Date.now() });
  });
}

/**
 * Removes an entry and its pending animal in one transaction. Only ever called
 * on an explicit user action; nothing in the sync path drops entries.
 */
export async function discardEntry(db: KennelDb, id: string): Promise<void> {
  await db.transaction('rw', db.pets, db.outbox, async () => {
    const entry = await entryForChange(db, id);
    await db.outbox.delete(entry.id);
    await db.pets.delete(entry.localKey);
  });
}
