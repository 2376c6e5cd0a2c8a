/** Why an outbox entry could not be changed. */
export type OutboxEntryErrorReason = 'not-found' | 'in-flight';

/**
 * Raised by edit, resend and discard when the entry is gone (synced or
 * discarded in another window) or is being sent right now, when changing it
 * could create the animal twice.
 */
export class OutboxEntryError extends Error {
  override name = 'OutboxEntryError';
  readonly reason: OutboxEntryErrorReason;
  readonly entryId: string;

  constructor(entryId: string, reason: OutboxEntryErrorReason) {
    super(
      reason === 'not-found'
        ? 'This animal is no longer waiting to sync; it was synced or discarded.'
        : 'This animal is being sent right now; try again in a moment.',
    );
    this.reason = reason;
    this.entryId = entryId;
  }
}

/** True when `err` is an {@link OutboxEntryError}. */
export function isOutboxEntryError(err: unknown): err is OutboxEntryError {
  return err instanceof OutboxEntryError;
}
