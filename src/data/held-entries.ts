/**
 * The animals in their hold (`hold.ts`), as the list of them reads, and "Send
 * now", which ends the hold early. Taking one back is `take-back.ts`'s,
 * correcting one `correction.ts`'s.
 */
import type { KennelDb, OutboxEntry } from './db';
import { canTakeBack, untriedEntries } from './entry-change';
import { isOutboxEntry } from './row-checks';

/** The entries that have had a hold and may still be changed, oldest first. Read-only. */
export async function heldEntries(db: KennelDb): Promise<OutboxEntry[]> {
  const rows: unknown[] = await db.outbox.where('heldUntil').aboveOrEqual(-Infinity).toArray();
  return rows
    .filter((row): row is OutboxEntry => isOutboxEntry(row) && canTakeBack(row))
    .sort((a, b) => a.seq - b.seq);
}

/** Ends the hold of `ids` ("Send now"); entries being edited stay held. Returns how many it let go. */
export async function sendHeldNow(db: KennelDb, ids: readonly string[]): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const entries = (await untriedEntries(db, ids)).filter(
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
