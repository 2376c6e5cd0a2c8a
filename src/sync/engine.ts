/**
 * The sync engine of one profile: replays the outbox to the service in `seq`
 * order, keeps the connection state from the service's answers, and refreshes
 * the cache in the background. Exactly one window per profile replays (the
 * holder of a Web Lock); the others mirror its status from the `meta` table.
 *
 * The parts: `leader.ts` (the lock, mirroring), `lead-session.ts` (what the
 * leader runs), `replayer.ts` (the drain loop) with `drain-pass.ts`,
 * `entry-turn.ts`, `lost-answer.ts` and `send-failure.ts` (one pass, one
 * entry, a lost answer, a failure), `connection.ts` (online, offline,
 * probing, the one backoff), `sync-status.ts` and `status-publisher.ts`
 * (the status). When each request goes, and the pause, are the governor's.
 */
import type { ShallowRef } from 'vue';
import type { BridgeResult } from '../../electron/contract/bridge';
import type { ProfileName } from '../../electron/contract/profiles';
import type { RateLimitUpdate, RequestLane } from '../../electron/contract/pacing';
import { isHeldBack } from '../../electron/contract/errors';
import { crawlCatalogue, type CrawlSummary } from '../catalogue/crawl';
import type { KennelDb } from '../data/db';
import type { BackoffPolicy } from '../../electron/contract/backoff';
import { Connection } from './connection';
import type { EngineApi, EngineContext } from './context';
import { LastExchange, notingExchanges } from './last-exchange';
import { leadSession } from './lead-session';
import { defaultLocks, Leadership } from './leader';
import { Replayer, type ReplayerOptions } from './replayer';
import { deskError } from '../errors/desk-error';
import { loadLastSyncAt, requestSync } from './status-mirror';
import { STATUS_PUBLISH_INTERVAL_MS, StatusPublisher } from './status-publisher';
import { requestPersistentStorage } from '../data/storage-health';
import { StatusHolder, type SyncStatus } from './sync-status';
import {
  IDEMPOTENCY_RETENTION_MS,
  RECONCILE_DELAYS,
  type ReconcileDelays,
} from './unknown-outcome';
import { Waker } from './wake';
import { onRateLimit } from '../bridge/rate-feed';

export { initialStatus, type SyncStatus } from './sync-status';
export { syncLockName } from './leader';

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
   * waiting for backoff (never inside the service's pause). Resolves once that pass
   * ran; in a non-leader window, once the leader was asked.
   */
  syncNow(): Promise<void>;
  /**
   * Refreshes the catalogue into the cache (see `catalogue/crawl.ts`) and
   * updates the connection state. A refresh asked for while one runs joins it,
   * except that one the user asked for replaces a background one.
   */
  refresh(options: { lane: RequestLane }): Promise<BridgeResult<CrawlSummary>>;
}

/** What {@link createSyncEngine} needs. */
export interface SyncEngineOptions {
  profile: ProfileName;
  db: KennelDb;
  api: EngineApi;
  /** Default `navigator.locks` when available; null = assume this is the only replayer. */
  locks?: LockManager | null;
  /** 401: the queue pauses and the UI opens the key dialog. */
  onUnauthorized?: () => void;
  now?: () => number;
  random?: () => number;
  /** Bounds of the backoff between probes and between retries of a failing send. */
  probeBackoff?: BackoffPolicy;
  /**
   * How long after taking the lead the full check of the cached animals
   * (`auditPets`) waits, so it never competes with drawing the first rows.
   */
  auditDelayMs?: number;
  /**
   * How long an attempt whose outcome is unknown may be retried with the same
   * idempotency key, where the service was seen honouring it; past it Kennel
   * looks for the animal first, as for any other service. Default 24 hours.
   */
  idempotencyRetentionMs?: number;
  /** How long after a lost answer Kennel waits before looking for the animal. */
  reconcileDelays?: ReconcileDelays;
  /** Least time between two writes of the leader's progress to `meta`. Default 500 ms. */
  statusPublishIntervalMs?: number;
  /**
   * Called each time the replayer has nothing to do and waits, with when it
   * wakes by itself (null: only on a change). For diagnostics and tests.
   */
  onIdle?: (wakeAt: number | null) => void;
  /**
   * Called when everything waiting to be sent has gone (see
   * `ReplayerOptions.onQueueSent`), in the window that sends: the catalogue
   * refreshes after it.
   */
  onQueueSent?: () => void;
  /** Most creates handed to the governor at once (see `ReplayerOptions.handedOver`). */
  handedOver?: number;
}

/** Default of {@link SyncEngineOptions.auditDelayMs}. */
export const AUDIT_DELAY_MS = 10_000;

/** Default bounds of {@link SyncEngineOptions.probeBackoff}: about 5 s at first, never over 5 min. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 300_000, floorMs: 100 };

/** Creates the sync engine of one profile. Call `start()` to run it. */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { profile, db } = options;
  const now = options.now ?? Date.now;
  const lastExchange = new LastExchange(db, now);
  const api = notingExchanges(options.api, lastExchange);
  const publisher = new StatusPublisher(
    db,
    options.statusPublishIntervalMs ?? STATUS_PUBLISH_INTERVAL_MS,
    now,
  );
  const status = new StatusHolder(publisher);
  let started = false;
  let stopping = false;
  const ctx: EngineContext = {
    profile,
    db,
    api,
    now,
    random: options.random ?? Math.random,
    backoff: options.probeBackoff ?? DEFAULT_BACKOFF,
    status,
    waker: new Waker(),
    isStopping: () => stopping,
    onUnauthorized: options.onUnauthorized ?? (() => undefined),
  };
  const replayerOptions: ReplayerOptions = {
    retentionMs: options.idempotencyRetentionMs ?? IDEMPOTENCY_RETENTION_MS,
    reconcileDelays: options.reconcileDelays ?? RECONCILE_DELAYS,
  };
  if (options.onIdle) replayerOptions.onIdle = options.onIdle;
  if (options.onQueueSent) replayerOptions.onQueueSent = options.onQueueSent;
  if (options.handedOver !== undefined) replayerOptions.handedOver = options.handedOver;
  const connection = new Connection(ctx);
  const replayer = new Replayer(ctx, connection, replayerOptions);
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const leadership = new Leadership({ profile, db, locks, status });
  let removeOnlineListener: (() => void) | null = null;
  let removeRateListener: (() => void) | null = null;

  /**
   * The governor's view of this profile's key, with an answer here or in
   * another window: when it shows no pause, what waited for one may go (the
   * replayer knows whether anything did).
   */
  function onRate(update: RateLimitUpdate): void {
    if (update.profile !== profile || !status.value.isLeader) return;
    const { pausedUntil } = update.state;
    if (pausedUntil === null || pausedUntil <= now()) replayer.pauseGone();
  }

  // The refresh under way, if any: joined or replaced, and cut off on stop.
  let running: {
    lane: RequestLane;
    controller: AbortController;
    done: Promise<BridgeResult<CrawlSummary>>;
  } | null = null;

  function onOnline(): void {
    connection.networkHint();
    ctx.waker.wake();
  }

  function start(): void {
    if (started) return;
    started = true;
    stopping = false;
    void requestPersistentStorage();
    void loadLastSyncAt(db)
      .then((at) => {
        if (at !== null && status.value.lastSyncAt === null) status.setLocal({ lastSyncAt: at });
      })
      .catch(() => undefined);
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('online', onOnline);
      removeOnlineListener = () => window.removeEventListener('online', onOnline);
    }
    removeRateListener = onRateLimit(onRate);
    leadership.start(
      () =>
        leadSession(ctx, {
          replayer,
          publisher,
          auditDelayMs: options.auditDelayMs ?? AUDIT_DELAY_MS,
        }),
      (err) => status.setLocal({ syncing: null, lastError: deskError(err) }),
    );
  }

  async function stop(): Promise<void> {
    if (!started) return;
    stopping = true;
    // A refresh must not go on spending this profile's key once it is left.
    running?.controller.abort();
    ctx.waker.wake();
    await leadership.stop();
    publisher.cancel();
    lastExchange.flush();
    removeOnlineListener?.();
    removeOnlineListener = null;
    removeRateListener?.();
    removeRateListener = null;
    replayer.releaseWaiters();
    status.setLocal({ isLeader: false, syncing: null });
    started = false;
  }

  async function syncNow(): Promise<void> {
    if (!started || stopping) return;
    if (!status.value.isLeader) {
      await requestSync(db);
      return;
    }
    replayer.requestNow();
    await replayer.whenRequestSettled();
  }

  function refresh(options: { lane: RequestLane }): Promise<BridgeResult<CrawlSummary>> {
    if (running !== null && !(running.lane === 'background' && options.lane !== 'background')) {
      return running.done;
    }
    running?.controller.abort();
    const controller = new AbortController();
    const current = {
      lane: options.lane,
      controller,
      done: crawl(options.lane, controller.signal).finally(() => {
        if (running === current) running = null;
      }),
    };
    running = current;
    return current.done;
  }

  async function crawl(
    lane: RequestLane,
    signal: AbortSignal,
  ): Promise<BridgeResult<CrawlSummary>> {
    let result;
    const sentAtAsk = connection.askMark();
    try {
      result = await crawlCatalogue({ api, db, profile, lane, now, signal });
    } catch (err) {
      return { ok: false, error: deskError(err) };
    }
    if (!result.ok) {
      // Held back by Kennel itself to keep the budget for intake: the service is fine.
      if (!isHeldBack(result.error) && !signal.aborted)
        connection.applyReadError(result.error, sentAtAsk);
      return { ok: false, error: result.error };
    }
    const wasOffline = status.value.connection === 'offline';
    connection.goOnline();
    if (wasOffline) {
      // The service is back: replay now instead of at the next probe.
      if (status.value.isLeader) replayer.requestNow();
      else await requestSync(db);
    }
    return result;
  }

  return { status: status.ref, start, stop, syncNow, refresh };
}
