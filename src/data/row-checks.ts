/**
 * Shape checks for rows read back from IndexedDB. The database outlives any one
 * build and can be written by older code, other windows or a damaged disk, so
 * what comes back is checked before the app trusts it.
 */
import { isProfileName } from '../../electron/contract/profiles';
import { categoryNameProblem, categoryNumber } from './category-list';
import type { CachedPet, OutboxEntry } from './db';

/** Every state an outbox entry can be in. */
export const OUTBOX_STATES = ['queued', 'sending', 'needs-attention'];
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** What is wrong with a `pets` row, or null when it is a valid {@link CachedPet}. */
export function cachedPetProblem(row: unknown): string | null {
  if (!isRecord(row)) return 'not an object';
  if (typeof row.key !== 'string' || row.key === '') return 'key is missing';
  if (row.id !== null && (typeof row.id !== 'string' || !DECIMAL.test(row.id))) {
    return 'id is not a decimal string';
  }
  if (typeof row.name !== 'string') return 'name is not text';
  if (typeof row.categoryId !== 'string' || !DECIMAL.test(row.categoryId)) {
    return 'categoryId is not a decimal string';
  }
  if (row.status !== null && typeof row.status !== 'string') return 'status is not text';
  if (row.pending !== 0 && row.pending !== 1) return 'pending is not 0 or 1';
  if (row.outboxId !== null && typeof row.outboxId !== 'string') return 'outboxId is not text';
  if (typeof row.order !== 'string' || row.order === '') return 'order is missing';
  if (!isFiniteNumber(row.updatedAt)) return 'updatedAt is not a number';
  if (!isFiniteNumber(row.firstSeenAt)) return 'firstSeenAt is not a number';
  if (row.typedAt !== undefined && !isFiniteNumber(row.typedAt)) return 'typedAt is not a number';
  if (row.sentAt !== undefined && !isFiniteNumber(row.sentAt)) return 'sentAt is not a number';
  if (row.cardDue !== undefined && row.cardDue !== 1) return 'cardDue is not 1';
  if (row.imported !== undefined && row.imported !== 1) return 'imported is not 1';
  if (row.otherDesk !== undefined && !isOtherDesk(row.otherDesk)) return 'otherDesk is not a desk';
  if (row.pending === 0 && row.id === null) return 'a synced row has no id';
  return null;
}

function isOtherDesk(value: unknown): boolean {
  return isRecord(value) && typeof value.label === 'string' && isFiniteNumber(value.typedAt);
}

/** Narrowing form of {@link cachedPetProblem}. */
export function isCachedPet(row: unknown): row is CachedPet {
  return cachedPetProblem(row) === null;
}

/** What is wrong with a stored {@link BridgeError}, or null when it is one (or null). */
export function bridgeErrorProblem(value: unknown): string | null {
  if (value === null) return null;
  if (!isRecord(value)) return 'lastError is not an object';
  if (typeof value.kind !== 'string' || typeof value.message !== 'string') {
    return 'lastError lacks kind or message';
  }
  return null;
}

/** What is wrong with an `outbox` row, or null when it is a valid {@link OutboxEntry}. */
export function outboxEntryProblem(row: unknown): string | null {
  if (!isRecord(row)) return 'not an object';
  if (typeof row.id !== 'string' || row.id === '') return 'id is missing';
  if (!isFiniteNumber(row.seq)) return 'seq is not a number';
  if (!isProfileName(row.profile)) {
    return 'profile is unknown';
  }
  const payload = row.payload;
  if (!isRecord(payload)) return 'payload is not an object';
  if (typeof payload.name !== 'string') return 'payload.name is not text';
  if (typeof payload.categoryId !== 'string') return 'payload.categoryId is not text';
  if (payload.status !== undefined && typeof payload.status !== 'string') {
    return 'payload.status is not text';
  }
  if (typeof row.idempotencyKey !== 'string' || row.idempotencyKey === '') {
    return 'idempotencyKey is missing';
  }
  if (typeof row.localKey !== 'string') return 'localKey is missing';
  if (typeof row.state !== 'string' || !OUTBOX_STATES.includes(row.state))
    return 'state is unknown';
  if (!isFiniteNumber(row.attempts)) return 'attempts is not a number';
  const errorProblem = bridgeErrorProblem(row.lastError);
  if (errorProblem) return errorProblem;
  if (!isFiniteNumber(row.createdAt)) return 'createdAt is not a number';
  if (!isFiniteNumber(row.nextAttemptAt)) return 'nextAttemptAt is not a number';
  // Added after the first release: rows written before lack them.
  if (row.lastAttemptAt !== undefined && !isFiniteNumber(row.lastAttemptAt)) {
    return 'lastAttemptAt is not a number';
  }
  if (row.outcomeUnknownAt !== undefined && !isFiniteNumber(row.outcomeUnknownAt)) {
    return 'outcomeUnknownAt is not a number';
  }
  if (row.lookupAfter !== undefined && !isFiniteNumber(row.lookupAfter)) {
    return 'lookupAfter is not a number';
  }
  if (row.heldUntil !== undefined && !isFiniteNumber(row.heldUntil)) {
    return 'heldUntil is not a number';
  }
  if (row.editing !== undefined && typeof row.editing !== 'boolean') {
    return 'editing is not true or false';
  }
  if (row.batchId !== undefined && typeof row.batchId !== 'string') return 'batchId is not text';
  if (row.candidates !== undefined && !isPetList(row.candidates)) {
    return 'candidates is not a list of animals';
  }
  return null;
}

function isPetList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (pet) =>
        isRecord(pet) &&
        typeof pet.id === 'string' &&
        DECIMAL.test(pet.id) &&
        typeof pet.name === 'string' &&
        typeof pet.categoryId === 'string' &&
        (pet.status === undefined || typeof pet.status === 'string'),
    )
  );
}

/** Narrowing form of {@link outboxEntryProblem}. */
export function isOutboxEntry(row: unknown): row is OutboxEntry {
  return outboxEntryProblem(row) === null;
}

/** What is wrong with a `categories` row, or null when it is a valid category. */
export function categoryRowProblem(row: unknown): string | null {
  if (!isRecord(row)) return 'not an object';
  if (typeof row.id !== 'string' || categoryNumber(row.id) !== row.id) {
    return 'id is not a category number';
  }
  if (typeof row.name !== 'string') return 'name is not text';
  return categoryNameProblem(row.name);
}
