/**
 * Attempts whose outcome is unknown: sent, and no answer that says whether the
 * service created the animal. What may be done before sending such an entry
 * again depends on what is known of the service.
 */
import type { BridgeError } from '../../electron/contract/errors';
import type { OutboxEntry } from '../data/db';

/**
 * How long the service keeps an idempotency record, when it honours the key at
 * all (24 hours in the reference service). Past it, a retry with the same key
 * is no longer safe even there.
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** How long after a lost answer Kennel waits before it looks for the animal. */
export interface ReconcileDelays {
  /** After a dropped connection or a failure status: the service is done with the request. */
  afterFailureMs: number;
  /**
   * After a timeout (Kennel gave up, or a gateway's 504): the service may still
   * be working on the request, so looking at once could miss an animal about
   * to appear.
   */
  afterTimeoutMs: number;
}

/** Default {@link ReconcileDelays}. */
export const RECONCILE_DELAYS: ReconcileDelays = { afterFailureMs: 2_000, afterTimeoutMs: 15_000 };

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

/** Least wait after `error` before the entry's fate is looked up on the service. */
export function reconcileDelay(error: BridgeError, delays: ReconcileDelays): number {
  const stillWorking = error.kind === 'timeout' || error.status === 504;
  return stillWorking ? delays.afterTimeoutMs : delays.afterFailureMs;
}

/**
 * True when an entry with an unknown outcome may simply be sent again with its
 * key: the service was seen honouring `Idempotency-Key` (`provenAt`), and the
 * unknown outcome is recent enough for it to still hold the record.
 */
export function keyCoversRetry(
  entry: OutboxEntry,
  provenAt: number | null,
  now: number,
  retentionMs: number,
): boolean {
  const since = entry.outcomeUnknownAt;
  return provenAt !== null && since !== undefined && now - since < retentionMs;
}
