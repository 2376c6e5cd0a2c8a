/**
 * The service keeps an idempotency record for a limited time only (24 hours
 * in the reference service). Past it, an attempt whose outcome was never
 * learned cannot be retried safely with the same key: if the first one did
 * create the animal, the retry creates it again.
 */
import type { BridgeError } from '../../electron/contract';
import type { OutboxEntry } from '../data/db';

/** How long an unknown outcome may be retried with the same key. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** What the user reads on an entry held back for that reason. */
export const OUTCOME_EXPIRED_MESSAGE =
  'An earlier attempt to send this animal got no answer, too long ago for Kennel to retry it ' +
  'safely: it may already exist on the service. Check the list, then Resend or Discard.';

/** True when the failed attempt may still have created the animal on the service. */
export function mayHaveCreated(error: BridgeError): boolean {
  // A success status with a body Kennel could not read: most likely created.
  if (error.kind === 'malformed-response') return true;
  if (error.outcomeUnknown !== undefined) return error.outcomeUnknown;
  return (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'server' ||
    error.kind === 'internal'
  );
}

/**
 * The error to hand the entry to the user with, when an unknown outcome is
 * older than `retentionMs`; null while it can still be retried with its key.
 */
export function expiredOutcome(
  entry: OutboxEntry,
  now: number,
  retentionMs: number,
): BridgeError | null {
  const since = entry.outcomeUnknownAt;
  if (since === undefined || now - since < retentionMs) return null;
  return { kind: 'unavailable', message: OUTCOME_EXPIRED_MESSAGE };
}
