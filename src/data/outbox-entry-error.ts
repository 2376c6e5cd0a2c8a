/** Why an outbox entry could not be changed. */
export type OutboxEntryErrorReason = 'not-found' | 'in-flight' | 'queued';

const MESSAGES: Record<OutboxEntryErrorReason, string> = {
  'not-found': 'This animal is no longer waiting to sync; it was synced or discarded.',
  'in-flight': 'This animal is being sent right now; try again in a moment.',
  queued:
    'This animal is queued to be sent again; it can be changed only if the service refuses it.',
};

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
    super(MESSAGES[reason]);
    this.reason = reason;
    this.entryId = entryId;
  }
}

/** True when `err` is an {@link OutboxEntryError}. */
export function isOutboxEntryError(err: unknown): err is OutboxEntryError {
  return err instanceof OutboxEntryError;
}
