/**
 * Repair of damaged outbox rows. An entry whose animal (payload) is still valid
 * is the user's work: it is rebuilt and handed to the user (needs-attention)
 * instead of being moved out of the sync path into the quarantine.
 */
import { isProfileName, type ProfileName } from '../../electron/contract/profiles';
import { validateNewPet } from '../../electron/contract/validate';
import type { OutboxEntry } from './db';
import { isRecord } from './row-checks';

/** The code a repaired entry's error carries; `errors/messages.ts` words it. */
export const REPAIRED_CODE = 'kennel:repaired';

/** The profile whose database is named `name` (`kennel-<profile>`), or null. */
export function profileOfDb(name: string): ProfileName | null {
  const profile = name.startsWith('kennel-') ? name.slice('kennel-'.length) : '';
  return isProfileName(profile) ? profile : null;
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function textOr(value: unknown, fallback: () => string): string {
  return typeof value === 'string' && value !== '' ? value : fallback();
}

/** What a repair needs to know beyond the row. */
export interface RepairContext {
  /** The database's profile; used when the row's own is unusable. */
  profile: ProfileName | null;
  now: number;
  /** Queue position when the row's `seq` is unusable. */
  fallbackSeq: number;
}

/**
 * Rebuilds an outbox row that failed its check as a needs-attention entry, or
 * returns null when it cannot be (no usable id or profile, or the payload is
 * not a valid animal). Usable fields are kept, the idempotency key above all:
 * an earlier attempt may have reached the service with it.
 */
export function repairOutboxRow(row: unknown, context: RepairContext): OutboxEntry | null {
  if (!isRecord(row) || typeof row.id !== 'string' || row.id === '') return null;
  if (!isRecord(row.payload)) return null;
  const checked = validateNewPet(row.payload);
  if (!checked.ok) return null;
  const profile = isProfileName(row.profile) ? row.profile : context.profile;
  if (profile === null) return null;
  const id = row.id;
  const entry: OutboxEntry = {
    id,
    seq: finiteOr(row.seq, context.fallbackSeq),
    profile,
    payload: checked.value,
    idempotencyKey: textOr(row.idempotencyKey, () => crypto.randomUUID()),
    localKey: textOr(row.localKey, () => `local:${id}`),
    state: 'needs-attention',
    attempts: finiteOr(row.attempts, 0),
    lastError: {
      kind: 'internal',
      code: REPAIRED_CODE,
      message: 'The entry was damaged in local storage and repaired.',
    },
    createdAt: finiteOr(row.createdAt, context.now),
    nextAttemptAt: context.now,
  };
  if (typeof row.lastAttemptAt === 'number' && Number.isFinite(row.lastAttemptAt)) {
    entry.lastAttemptAt = row.lastAttemptAt;
  }
  if (typeof row.outcomeUnknownAt === 'number' && Number.isFinite(row.outcomeUnknownAt)) {
    entry.outcomeUnknownAt = row.outcomeUnknownAt;
  }
  if (typeof row.lookupAfter === 'number' && Number.isFinite(row.lookupAfter)) {
    entry.lookupAfter = row.lookupAfter;
  }
  return entry;
}
