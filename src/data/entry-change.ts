/**
 * Which outbox entries staff may still change, read inside the caller's
 * transaction: untried ones (the service cannot have them) and ones handed to
 * staff. A tried or sending one never is: a change could create it twice.
 */
import type { KennelDb, OutboxEntry } from './db';
import { OutboxEntryError } from './outbox-entry-error';
import { profileOfDb, repairOutboxRow } from './outbox-repair';
import { isOutboxEntry, outboxEntryProblem } from './row-checks';

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

/** The entries of `ids` that can still be taken back ({@link canTakeBack}). */
export async function untriedEntries(db: KennelDb, ids: readonly string[]): Promise<OutboxEntry[]> {
  const rows: unknown[] = await db.outbox.bulkGet([...ids]);
  return rows.filter((row): row is OutboxEntry => isOutboxEntry(row) && canTakeBack(row));
}

/**
 * The entry `id` as staff may change it: untried, or handed to them. A
 * damaged row whose animal is still valid is taken in its repaired form (the
 * caller's write stores it). Rejects with `OutboxEntryError` otherwise; with
 * `handedOnly`, an untried entry is refused as well (reason 'queued').
 */
export async function changeableEntry(
  db: KennelDb,
  id: string,
  handedOnly = false,
): Promise<OutboxEntry> {
  const row: unknown = await db.outbox.get(id);
  if (row === undefined) throw new OutboxEntryError(id, 'not-found');
  const context = { profile: profileOfDb(db.name), now: Date.now(), fallbackSeq: 0 };
  const entry =
    outboxEntryProblem(row) === null ? (row as OutboxEntry) : repairOutboxRow(row, context);
  if (entry === null) throw new OutboxEntryError(id, 'not-found');
  if (entry.state === 'needs-attention') return entry;
  if (!handedOnly && canTakeBack(entry)) return entry;
  throw new OutboxEntryError(id, entry.state === 'sending' ? 'in-flight' : 'queued');
}

/** The entry without the record of an earlier unknown outcome and its candidates. */
export function withoutUnknownOutcome(entry: OutboxEntry): OutboxEntry {
  const copy = { ...entry };
  delete copy.outcomeUnknownAt;
  delete copy.lookupAfter;
  delete copy.candidates;
  return copy;
}
