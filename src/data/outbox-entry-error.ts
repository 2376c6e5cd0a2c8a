/** Why an outbox entry could not be changed. */
export type OutboxEntryErrorReason = 'not-found' | 'in-flight' | 'queued';

/**
 * Raised by edit, resend and discard when the entry is gone (synced or
 * discarded in another window), or does not need attention: it is being sent
 * right now, or is queued (resent from another window), when changing it could
 * create the animal twice.
 */
export class OutboxEntryError extends Error {
  override name = 'OutboxEntryError';
  readonly reason: OutboxEntryErrorReason;
  readonly entryId: string;

  constructor(entryId: string, reason: OutboxEntryErrorReason) {
    // English for logs: staff read the reason, worded where it is shown.
    super(`Outbox entry ${entryId} cannot be changed: ${reason}.`);
    this.reason = reason;
    this.entryId = entryId;
  }
}

/** True when `err` is an {@link OutboxEntryError}. */
export function isOutboxEntryError(err: unknown): err is OutboxEntryError {
  return err instanceof OutboxEntryError;
}
