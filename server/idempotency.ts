/**
 * `Idempotency-Key` for POST, after the IETF draft
 * (draft-ietf-httpapi-idempotency-key-header): the first request with a key is
 * processed and its answer stored; a repeat with the same body gets that answer
 * again; a repeat with another body is refused (422); a repeat while the first
 * is still being processed is refused (409). Keys are scoped per API key and
 * expire after a retention period (24 h by default).
 */
import { createHash } from 'node:crypto';

/** An answer as stored for replay. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What to do with a POST carrying an idempotency key. */
export type IdempotencyDecision =
  | { kind: 'new' }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; response: StoredResponse };

interface IdempotencyRecord {
  fingerprint: string;
  expiresAt: number;
  response: StoredResponse | null;
}

/** Fingerprint of a request body: SHA-256 of its canonical form. */
export function fingerprint(canonicalBody: string): string {
  return createHash('sha256').update(canonicalBody, 'utf8').digest('hex');
}

/** Stored idempotency records of every API key. */
export class IdempotencyStore {
  readonly #records = new Map<string, IdempotencyRecord>();

  constructor(readonly ttlMs: number) {
    if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
      throw new RangeError('idempotencyTtlMs must be a positive number of milliseconds.');
    }
  }

  #id(scope: string, key: string): string {
    return `${scope}\u0000${key}`;
  }

  /** Looks the key up; when it is new, records it as in progress. */
  begin(scope: string, key: string, print: string, now: number): IdempotencyDecision {
    this.#prune(now);
    const id = this.#id(scope, key);
    const record = this.#records.get(id);
    if (!record) {
      this.#records.set(id, { fingerprint: print, expiresAt: now + this.ttlMs, response: null });
      return { kind: 'new' };
    }
    if (record.fingerprint !== print) return { kind: 'mismatch' };
    if (!record.response) return { kind: 'in-progress' };
    return { kind: 'replay', response: record.response };
  }

  /** Stores the answer of a request begun with {@link begin}. */
  complete(scope: string, key: string, response: StoredResponse): void {
    const record = this.#records.get(this.#id(scope, key));
    if (record) record.response = response;
  }

  /** Forgets a request that failed before taking effect, so a retry is processed afresh. */
  abandon(scope: string, key: string): void {
    const id = this.#id(scope, key);
    if (this.#records.get(id)?.response === null) this.#records.delete(id);
  }

  #prune(now: number): void {
    for (const [id, record] of this.#records) {
      if (record.expiresAt <= now) this.#records.delete(id);
    }
  }
}
