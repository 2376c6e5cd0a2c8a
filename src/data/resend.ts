import type { KennelDb } from './db';
import { changeableEntry, withoutUnknownOutcome } from './entry-change';

/**
 * Queues an entry handed to staff again as it is (same payload, same
 * idempotency key), due now. On a "may already exist" entry the user has
 * checked the service, so its unknown outcome no longer holds it back; on any
 * other, an unknown outcome still has the animal looked up before it is sent.
 * Rejects with `OutboxEntryError` when the entry is not waiting for staff.
 */
export async function resendEntry(db: KennelDb, id: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await changeableEntry(db, id, true);
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
