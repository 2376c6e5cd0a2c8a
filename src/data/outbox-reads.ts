/**
 * Reading the outbox. A damaged row is never returned as it is: repaired when
 * its animal is still valid, left out otherwise, and set aside either way.
 */
import type { KennelDb, OutboxEntry } from './db';
import { deferQuarantine } from './deferred-quarantine';
import { profileOfDb, repairOutboxRow } from './outbox-repair';
import { storedKey, type BadRow } from './quarantine';
import { OUTBOX_STATES, outboxEntryProblem } from './row-checks';

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
