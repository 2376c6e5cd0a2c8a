/**
 * The optional request log: one line per answered or dropped request. It names
 * the key only by its non-secret id and never prints headers or bodies.
 */
import type { RequestRecord } from './types';

/** Formats one log line. */
export function formatLogLine(record: RequestRecord, durationMs: number): string {
  const status = record.status === 'dropped' ? 'DROPPED' : String(record.status);
  const idempotency = record.idempotencyKey === undefined ? '' : ' idempotency-key=yes';
  return `${new Date(record.at).toISOString()} ${record.method} ${record.path} ${status} ${Math.round(durationMs)}ms key=${record.keyId}${idempotency}`;
}
