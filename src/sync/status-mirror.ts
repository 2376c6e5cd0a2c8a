/**
 * The leader publishes its sync status in the `meta` table; other windows of
 * the same profile read it back (liveQuery), so every window shows the same
 * connection and progress while only one of them talks to the service.
 */
import type { BridgeError } from '../../electron/contract/errors';
import type { KennelDb } from '../data/db';
import { bridgeErrorProblem } from '../data/row-checks';

/** Meta keys used by the sync engine. */
export const META_KEYS = {
  status: 'sync-status',
  lastSyncAt: 'last-sync-at',
  syncRequest: 'sync-request',
} as const;

/**
 * Connection as the service's answers show it. A pause the service asked for
 * is the governor's, shown from its view (`bridge/rate-feed.ts`), not kept here.
 */
export type ConnectionState = 'unknown' | 'online' | 'offline';

/** The part of the status that is shared between windows. */
export interface SharedSyncStatus {
  connection: ConnectionState;
  /** Queue paused until a key is set. */
  blockedBy: 'unauthorized' | null;
  syncing: { done: number; total: number } | null;
  lastSyncAt: number | null;
  /** The last failure, as data: worded when shown, in the language of that moment. */
  lastError: BridgeError | null;
}

const CONNECTIONS: readonly string[] = ['unknown', 'online', 'offline'];

function numberOrNull(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

/** Reads a published status back, or null when the stored value is not one. */
export function parseSharedStatus(value: unknown): SharedSyncStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.connection !== 'string' || !CONNECTIONS.includes(v.connection)) return null;
  if (!numberOrNull(v.lastSyncAt)) return null;
  if (v.blockedBy !== null && v.blockedBy !== 'unauthorized') return null;
  // Before errors were kept as data the status held a sentence: read as no error,
  // the leader publishes the next one soon enough.
  const lastError = typeof v.lastError === 'string' ? null : v.lastError;
  if (bridgeErrorProblem(lastError) !== null) return null;
  let syncing: SharedSyncStatus['syncing'] = null;
  if (v.syncing !== null) {
    const s = v.syncing as Record<string, unknown> | undefined;
    if (typeof s?.done !== 'number' || typeof s.total !== 'number') return null;
    syncing = { done: s.done, total: s.total };
  }
  return {
    connection: v.connection as ConnectionState,
    blockedBy: v.blockedBy,
    syncing,
    lastSyncAt: v.lastSyncAt,
    lastError: lastError as BridgeError | null,
  };
}

/** Publishes the leader's status for the other windows. */
export async function publishStatus(db: KennelDb, status: SharedSyncStatus): Promise<void> {
  const value: SharedSyncStatus = {
    connection: status.connection,
    blockedBy: status.blockedBy,
    syncing: status.syncing,
    lastSyncAt: status.lastSyncAt,
    lastError: status.lastError,
  };
  await db.meta.put({ key: META_KEYS.status, value });
}

/** The last successful sync time stored by any window, or null. */
export async function loadLastSyncAt(db: KennelDb): Promise<number | null> {
  const row = await db.meta.get(META_KEYS.lastSyncAt);
  return typeof row?.value === 'number' && Number.isFinite(row.value) ? row.value : null;
}

/** Stores the last successful sync time. */
export async function saveLastSyncAt(db: KennelDb, at: number): Promise<void> {
  await db.meta.put({ key: META_KEYS.lastSyncAt, value: at });
}

/** Asks the leader (whichever window it is) to sync now. */
export async function requestSync(db: KennelDb): Promise<void> {
  // A fresh value each time, so two requests in the same millisecond both register.
  await db.meta.put({ key: META_KEYS.syncRequest, value: crypto.randomUUID() });
}
