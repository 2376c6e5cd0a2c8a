/**
 * The sync engine of one profile: replays the outbox to the service in `seq`
 * order, keeps the connection state from the service's answers, and refreshes
 * the cache in the background. Exactly one window per profile replays (the
 * holder of a Web Lock); the others mirror its status from the `meta` table.
 */
import { liveQuery, type Subscription } from 'dexie';
import { shallowRef, type ShallowRef } from 'vue';
import type {
  BridgeError,
  BridgeResult,
  KennelApi,
  PetStatus,
  ProfileName,
} from '../../electron/contract';
import type { KennelDb, OutboxEntry } from '../data/db';
import { readOutbox } from '../data/intake';
import { auditPets, upsertServicePets } from '../data/pets';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import {
  claimEntry,
  completeEntry,
  markNeedsAttention,
  recoverInFlight,
  requeueEntry,
} from './outbox-steps';
import {
  loadLastSyncAt,
  META_KEYS,
  parseSharedStatus,
  publishStatus,
  requestSync,
  saveLastSyncAt,
  type SharedSyncStatus,
} from './status-mirror';
import { describeStorageError, requestPersistentStorage } from './storage';
import { meansOffline, sendFailureAction } from './transitions';
import { Waker } from './wake';

/** What the UI shows about syncing: the status shared between windows, plus who replays. */
export interface SyncStatus extends SharedSyncStatus {
  /** This window runs the replayer. */
  isLeader: boolean;
}

/** The engine of one profile. */
export interface SyncEngine {
  /** Non-leader windows mirror the leader's status via the meta table. */
  readonly status: Readonly<ShallowRef<SyncStatus>>;
  /** Requests persistent storage, then competes for leadership and starts replaying when it wins. */
  start(): void;
  /** Stops replaying (an in-flight request is awaited) and gives up leadership. */
  stop(): Promise<void>;
  /**
   * The user pressed "Sync now" or a key was just set: lifts an unauthorized or
   * not-configured stop, probes at once when offline, and replays without
   * waiting for backoff (never inside a 429 pause). Resolves once that pass
   * ran; in a non-leader window, once the leader was asked.
   */
  syncNow(): Promise<void>;
  /** Background `GET /pets` into the cache; returns how many came back. Updates the connection state. */
  refresh(query: { status?: PetStatus; limit: number }): Promise<BridgeResult<number>>;
}

/** What {@link createSyncEngine} needs. */
export interface SyncEngineOptions {
  profile: ProfileName;
  db: KennelDb;
  api: Pick<KennelApi, 'createPet' | 'listPets'>;
  /** Default `navigator.locks` when available; null = assume this is the only replayer. */
  locks?: LockManager | null;
  /** 401: the queue pauses and the UI opens the key dialog. */
  onUnauthorized?: () => void;
  now?: () => number;
  random?: () => number;
  /** Bounds of the backoff between probes and between retries of a failing send. */
  probeBackoff?: BackoffOptions;
  /**
   * How long after taking the lead the full check of the cached animals
   * (`auditPets`) waits, so it never competes with drawing the first rows.
   */
  auditDelayMs?: number;
}

/** Default of {@link SyncEngineOptions.auditDelayMs}. */
export const AUDIT_DELAY_MS = 10_000;

/** Name of the Web Lock held by a profile's replayer. */
export function syncLockName(profile: ProfileName): string {
  return `kennel-sync-${profile}`;
}

function defaultLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/** The status before an engine has learned anything (also shown while no engine runs). */
export function initialStatus(): SyncStatus {
  return {
    connection: 'unknown',
    pausedUntil: null,
    blockedBy: null,
    syncing: null,
    lastSyncAt: null,
    lastError: null,
    isLeader: false,
  };
}

/** True for the rejection of a lock request aborted by stop(). */
function isAbort(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError'
  );
}

/** A failure the engine did not expect (storage, a bug): its user-facing text. */
function describeFailure(err: unknown): string {
  return describeStorageError(err) ?? 'Syncing stopped because of an unexpected error.';
}

/** Creates the sync engine of one profile. Call `start()` to run it. */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { profile, db, api } = options;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = options.probeBackoff ?? DEFAULT_BACKOFF;
  const status = shallowRef<SyncStatus>(initialStatus());
  const waker = new Waker();
  const auditDelayMs = options.auditDelayMs ?? AUDIT_DELAY_MS;
  let auditTimer: ReturnType<typeof setTimeout> | null = null;

  let started = false;
  let stopping = false;
  let leaderRun: Promise<void> | null = null;
  let lockAbort: AbortController | null = null;
  let releaseLock: (() => void) | null = null;
  let subscriptions: Subscription[] = [];
  let removeOnlineListener: (() => void) | null = null;

  // Replayer state (leader only).
  let dirty = true; // the outbox may hold due work
  let forceDrain = false; // ignore backoff deadlines on the next pass
  let forceProbe = false;
  let notConfigured = false;
  let nextProbeAt = 0;
  let probeFailures = 0;
  let sendFailures = 0;
  let retryAt: number | null = null;
  let requestGen = 0;
  let settled: { gen: number; resolve: () => void }[] = [];

  function setStatus(patch: Partial<SyncStatus>): void {
    status.value = { ...status.value, ...patch };
    if (status.value.isLeader) {
      publishStatus(db, status.value).catch(() => {
        // The mirror is a convenience for other windows; this one keeps its own status.
      });
    }
  }

  function goOffline(error: BridgeError): void {
    probeFailures += 1;
    const delay = backoffDelay(probeFailures, backoff, random);
    nextProbeAt = Math.max(now() + delay, error.retryAt ?? 0);
    // A fresh failure starts a fresh wait; an earlier "probe now" is spent.
    forceProbe = false;
    setStatus({ connection: 'offline', lastError: error.message });
  }

  function goOnline(): void {
    probeFailures = 0;
    if (status.value.connection !== 'online' || status.value.pausedUntil !== null) {
      setStatus({ connection: 'online', pausedUntil: null });
    }
  }

  function pauseUntil(error: BridgeError): number {
    const until = error.retryAt ?? now() + backoffDelay(++sendFailures, backoff, random);
    setStatus({ connection: 'paused', pausedUntil: until, lastError: error.message });
    return until;
  }

  function blockUnauthorized(error: BridgeError): void {
    const first = status.value.blockedBy === null;
    setStatus({ connection: 'online', blockedBy: 'unauthorized', lastError: error.message });
    if (first) options.onUnauthorized?.();
  }

  /** Connection effects of a failed read (probe or refresh). */
  function applyReadError(error: BridgeError): void {
    switch (error.kind) {
      case 'network':
      case 'timeout':
        goOffline(error);
        break;
      case 'rate-limited':
      case 'banned':
        pauseUntil(error);
        break;
      case 'unauthorized':
        blockUnauthorized(error);
        break;
      case 'not-configured':
        notConfigured = true;
        setStatus({ lastError: error.message });
        break;
      default:
        setStatus({ lastError: error.message });
    }
    waker.wake();
  }

  async function probe(): Promise<void> {
    // A probe spends rate-limit budget like any request: the smallest page.
    const result = await api.listPets(profile, { limit: 1 });
    if (result.ok) {
      await upsertServicePets(db, result.value);
      goOnline();
      setStatus({ lastError: null });
      dirty = true;
      forceDrain = true;
      return;
    }
    if (meansOffline(result.error)) {
      goOffline(result.error);
      return;
    }
    applyReadError(result.error);
    // The service answered, but not well: keep probing on the backoff.
    if (status.value.connection === 'offline') {
      probeFailures += 1;
      nextProbeAt = now() + backoffDelay(probeFailures, backoff, random);
    }
  }

  /** Whether a queued entry may be sent now. */
  function isDue(entry: OutboxEntry, force: boolean): boolean {
    if (entry.nextAttemptAt <= now()) return true;
    // syncNow skips backoff, never a deadline the service itself set.
    const kind = entry.lastError?.kind;
    return force && kind !== 'rate-limited' && kind !== 'banned';
  }

  /**
   * One pass over the queue in `seq` order. Returns when the queue is empty,
   * or an entry must wait (its deadline is kept in `retryAt`), or the queue is
   * stopped (unauthorized, not configured).
   */
  async function drain(force: boolean): Promise<void> {
    const queued = (await readOutbox(db)).filter((entry) => entry.state === 'queued');
    let done = 0;
    let finished = true;
    for (const entry of queued) {
      if (stopping) {
        finished = false;
        break;
      }
      if (entry.profile !== profile) {
        // One database per profile makes this impossible by construction; if a
        // row still claims another profile, it is never sent here.
        await markNeedsAttention(db, entry, {
          kind: 'invalid-argument',
          message: `This animal was taken in for the ${entry.profile} profile and is never sent to ${profile}.`,
        });
        done += 1;
        continue;
      }
      if (!isDue(entry, force)) {
        // Order matters: later entries wait behind this one.
        retryAt = entry.nextAttemptAt;
        finished = false;
        break;
      }
      const claimed = await claimEntry(db, entry.id);
      if (!claimed) continue;
      setStatus({ syncing: { done, total: queued.length } });
      const result = await api.createPet(profile, claimed.payload, {
        idempotencyKey: claimed.idempotencyKey,
      });
      if (result.ok) {
        await completeEntry(db, claimed, result.value);
        sendFailures = 0;
        goOnline();
        done += 1;
        setStatus({ syncing: { done, total: queued.length } });
        continue;
      }
      const error = result.error;
      const action = sendFailureAction(error);
      if (action === 'needs-attention') {
        await markNeedsAttention(db, claimed, error);
        if (error.kind !== 'invalid-argument') goOnline();
        done += 1;
        setStatus({ syncing: { done, total: queued.length }, lastError: error.message });
        continue;
      }
      finished = false;
      if (action === 'block-unauthorized') {
        await requeueEntry(db, claimed, error, now());
        blockUnauthorized(error);
      } else if (action === 'stop-not-configured') {
        await requeueEntry(db, claimed, error, now());
        notConfigured = true;
        setStatus({ lastError: error.message });
      } else if (action === 'pause') {
        const until = pauseUntil(error);
        await requeueEntry(db, claimed, error, until);
        retryAt = until;
      } else {
        sendFailures += 1;
        const at = Math.max(
          error.retryAt ?? 0,
          now() + backoffDelay(sendFailures, backoff, random),
        );
        await requeueEntry(db, claimed, error, at);
        retryAt = at;
        if (meansOffline(error)) {
          goOffline(error);
          nextProbeAt = Math.max(nextProbeAt, at);
        } else {
          setStatus({ lastError: error.message });
        }
      }
      break;
    }
    if (finished && queued.length > 0) {
      const at = now();
      await saveLastSyncAt(db, at);
      setStatus({ syncing: null, lastSyncAt: at, lastError: null });
    } else if (status.value.syncing !== null) {
      setStatus({ syncing: null });
    }
  }

  function sleep(until: number | null): Promise<void> {
    const seen = requestGen;
    const ready = settled.filter((s) => s.gen <= seen);
    settled = settled.filter((s) => s.gen > seen);
    for (const s of ready) s.resolve();
    return waker.sleep(until, now);
  }

  /** One decision of the replayer: act, or sleep until something changes. */
  async function step(): Promise<void> {
    const t = now();
    if (status.value.blockedBy !== null || notConfigured) return sleep(null);
    const { connection, pausedUntil } = status.value;
    if (connection === 'paused' && pausedUntil !== null) {
      if (pausedUntil > t) return sleep(pausedUntil);
      setStatus({ connection: 'unknown', pausedUntil: null });
      dirty = true;
    }
    if (status.value.connection === 'offline') {
      if (!forceProbe && t < nextProbeAt) return sleep(nextProbeAt);
      forceProbe = false;
      return probe();
    }
    if (retryAt !== null && retryAt <= t) {
      retryAt = null;
      dirty = true;
    }
    if (dirty) {
      const force = forceDrain;
      dirty = false;
      forceDrain = false;
      retryAt = null;
      return drain(force);
    }
    return sleep(retryAt);
  }

  async function lead(): Promise<void> {
    for (const s of subscriptions) s.unsubscribe();
    subscriptions = [];
    status.value = { ...status.value, isLeader: true };
    // Outcome unknown for whatever a previous replayer was sending: retry with the same key.
    await recoverInFlight(db);
    setStatus({ lastSyncAt: (await loadLastSyncAt(db)) ?? status.value.lastSyncAt });
    // Damaged rows a list page would never reach are found in the background,
    // once start-up is over: it reads every cached row.
    auditTimer = setTimeout(() => {
      auditTimer = null;
      if (!stopping) void auditPets(db).catch(() => undefined);
    }, auditDelayMs);
    let lastRequest: unknown;
    let firstRequest = true;
    subscriptions.push(
      liveQuery(() => db.outbox.where('state').equals('queued').primaryKeys()).subscribe({
        next: () => {
          dirty = true;
          if (retryAt === null) waker.wake();
        },
      }),
      liveQuery(() => db.meta.get(META_KEYS.syncRequest)).subscribe({
        next: (row) => {
          if (!firstRequest && row?.value !== lastRequest) requestNow();
          firstRequest = false;
          lastRequest = row?.value;
        },
      }),
    );
    while (!stopping) {
      try {
        await step();
      } catch (err) {
        // Storage failures (quota, a closed database) must not kill the
        // replayer for good: report, back off, try again.
        sendFailures += 1;
        retryAt = now() + backoffDelay(sendFailures, backoff, random);
        dirty = true;
        setStatus({ syncing: null, lastError: describeFailure(err) });
        // A write may have failed after an entry was claimed; nothing is in
        // flight now, so a 'sending' entry is one to retry with its key.
        await recoverInFlight(db).catch(() => undefined);
        await sleep(retryAt);
      }
    }
  }

  function requestNow(): void {
    requestGen += 1;
    notConfigured = false;
    dirty = true;
    forceDrain = true;
    forceProbe = true;
    nextProbeAt = now();
    if (status.value.blockedBy !== null) setStatus({ blockedBy: null });
    waker.wake();
  }

  function mirror(): void {
    subscriptions.push(
      liveQuery(() => db.meta.get(META_KEYS.status)).subscribe({
        next: (row) => {
          const shared = parseSharedStatus(row?.value);
          if (shared && !status.value.isLeader) status.value = { ...shared, isLeader: false };
        },
      }),
    );
  }

  function reportLeaderFailure(err: unknown): void {
    status.value = { ...status.value, syncing: null, lastError: describeFailure(err) };
  }

  function onOnline(): void {
    // The OS thinks the network is back: a hint to probe, not proof.
    forceProbe = true;
    waker.wake();
  }

  function start(): void {
    if (started) return;
    started = true;
    stopping = false;
    void requestPersistentStorage();
    void loadLastSyncAt(db)
      .then((at) => {
        if (at !== null && status.value.lastSyncAt === null)
          status.value = { ...status.value, lastSyncAt: at };
      })
      .catch(() => undefined);
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('online', onOnline);
      removeOnlineListener = () => window.removeEventListener('online', onOnline);
    }
    if (!locks) {
      leaderRun = lead().catch(reportLeaderFailure);
      return;
    }
    mirror();
    lockAbort = new AbortController();
    leaderRun = locks
      .request(syncLockName(profile), { signal: lockAbort.signal }, () => {
        lockAbort = null;
        return new Promise<void>((resolveHold) => {
          releaseLock = resolveHold;
          lead().catch(reportLeaderFailure).then(resolveHold, resolveHold);
        });
      })
      .then(
        () => undefined,
        (err: unknown) => {
          // Aborted while waiting for the lock: stop() was called in a follower.
          if (!isAbort(err)) {
            status.value = { ...status.value, lastError: describeFailure(err) };
          }
        },
      );
  }

  async function stop(): Promise<void> {
    if (!started) return;
    stopping = true;
    if (auditTimer !== null) clearTimeout(auditTimer);
    auditTimer = null;
    lockAbort?.abort();
    waker.wake();
    await leaderRun;
    releaseLock?.();
    releaseLock = null;
    for (const s of subscriptions) s.unsubscribe();
    subscriptions = [];
    removeOnlineListener?.();
    removeOnlineListener = null;
    for (const s of settled) s.resolve();
    settled = [];
    status.value = { ...status.value, isLeader: false, syncing: null };
    started = false;
  }

  async function syncNow(): Promise<void> {
    if (!started || stopping) return;
    if (!status.value.isLeader) {
      await requestSync(db);
      return;
    }
    requestNow();
    const gen = requestGen;
    await new Promise<void>((resolve) => settled.push({ gen, resolve }));
  }

  async function refresh(query: {
    status?: PetStatus;
    limit: number;
  }): Promise<BridgeResult<number>> {
    const listQuery: { limit: number; status?: PetStatus } = { limit: query.limit };
    if (query.status !== undefined) listQuery.status = query.status;
    const result = await api.listPets(profile, listQuery);
    if (!result.ok) {
      applyReadError(result.error);
      return result;
    }
    await upsertServicePets(db, result.value);
    const wasOffline = status.value.connection === 'offline';
    goOnline();
    if (wasOffline) {
      // The service is back: replay now instead of at the next probe.
      if (status.value.isLeader) requestNow();
      else await requestSync(db);
    }
    return { ok: true, value: result.value.length };
  }

  return { status, start, stop, syncNow, refresh };
}
