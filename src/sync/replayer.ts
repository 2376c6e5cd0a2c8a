/**
 * The replayer, run by the leader window only: sends queued outbox entries in
 * `seq` order, each with its stored idempotency key, and decides from each
 * failure what happens to the entry and to the queue.
 */
import type { BridgeError } from '../../electron/contract';
import type { OutboxEntry } from '../data/db';
import { readOutbox } from '../data/intake';
import { backoffDelay } from './backoff';
import type { Connection } from './connection';
import type { EngineContext } from './context';
import { expiredOutcome, mayHaveCreated } from './idempotency-window';
import { claimEntry, completeEntry, markNeedsAttention, requeueEntry } from './outbox-steps';
import { saveLastSyncAt } from './status-mirror';
import { describeStorageError } from './storage';
import { meansOffline, sendFailureAction } from './transitions';

/** What the replayer needs beyond the shared context. */
export interface ReplayerOptions {
  /** How long an unknown outcome may be retried with the same key. */
  retentionMs: number;
  /** Called each time the replayer waits, with when it wakes by itself (null: on a change only). */
  onIdle?: (wakeAt: number | null) => void;
}

/** A failure the engine did not expect (storage, a bug): its user-facing text. */
export function describeFailure(err: unknown): string {
  return describeStorageError(err) ?? 'Syncing stopped because of an unexpected error.';
}

/** The drain loop of one leader. */
export class Replayer {
  /** The outbox may hold due work. */
  private dirty = true;
  /** Ignore backoff deadlines on the next pass ("Sync now"). */
  private forceDrain = false;
  /** When the entry at the head of the queue is due again. */
  private retryAt: number | null = null;
  // Its own count: transient send failures back off apart from pauses and probes.
  private transientFailures = 0;
  private requestGen = 0;
  private settled: { gen: number; resolve: () => void }[] = [];

  constructor(
    private readonly ctx: EngineContext,
    private readonly connection: Connection,
    private readonly options: ReplayerOptions,
  ) {}

  /** The outbox changed: look again (unless the head entry is waiting for a deadline). */
  outboxChanged(): void {
    this.dirty = true;
    if (this.retryAt === null) this.ctx.waker.wake();
  }

  /** The service is reachable again: replay now, skipping backoff. */
  reachable(): void {
    this.dirty = true;
    this.forceDrain = true;
  }

  /** "Sync now": lift stops, probe if offline, replay skipping backoff. */
  requestNow(): void {
    this.requestGen += 1;
    this.dirty = true;
    this.forceDrain = true;
    this.connection.resume();
    this.ctx.waker.wake();
  }

  /** Resolves once the pass asked for by the latest {@link requestNow} ran. */
  whenRequestSettled(): Promise<void> {
    const gen = this.requestGen;
    return new Promise<void>((resolve) => this.settled.push({ gen, resolve }));
  }

  /** Lets every waiting {@link whenRequestSettled} go (stop). */
  releaseWaiters(): void {
    for (const s of this.settled) s.resolve();
    this.settled = [];
  }

  /** Runs until the engine stops. Storage failures back off and retry, never end it. */
  async run(recover: () => Promise<unknown>): Promise<void> {
    const { now, random, backoff, status } = this.ctx;
    while (!this.ctx.isStopping()) {
      try {
        await this.step();
      } catch (err) {
        // Storage failures (quota, a closed database) must not kill the
        // replayer for good: report, back off, try again.
        this.transientFailures += 1;
        this.retryAt = now() + backoffDelay(this.transientFailures, backoff, random);
        this.dirty = true;
        status.set({ syncing: null, lastError: describeFailure(err) });
        // A write may have failed after an entry was claimed; nothing is in
        // flight now, so a 'sending' entry is one to retry with its key.
        await recover().catch(() => undefined);
        await this.wait(this.retryAt, false);
      }
    }
  }

  private wait(until: number | null, idle = true): Promise<void> {
    const seen = this.requestGen;
    const ready = this.settled.filter((s) => s.gen <= seen);
    this.settled = this.settled.filter((s) => s.gen > seen);
    for (const s of ready) s.resolve();
    if (idle) this.options.onIdle?.(until);
    return this.ctx.waker.sleep(until, this.ctx.now);
  }

  /** One decision: act, or wait until something changes. */
  private async step(): Promise<void> {
    const { now, status } = this.ctx;
    const t = now();
    if (this.connection.stopped) return this.wait(null);
    const { connection, pausedUntil } = status.value;
    if (connection === 'paused' && pausedUntil !== null) {
      if (pausedUntil > t) return this.wait(pausedUntil);
      status.set({ connection: 'unknown', pausedUntil: null });
      this.dirty = true;
    }
    if (status.value.connection === 'offline') {
      if (!this.connection.probeDue(t)) return this.wait(this.connection.nextProbeAt);
      return this.connection.probe();
    }
    if (this.retryAt !== null && this.retryAt <= t) {
      this.retryAt = null;
      this.dirty = true;
    }
    if (this.dirty) {
      const force = this.forceDrain;
      this.dirty = false;
      this.forceDrain = false;
      this.retryAt = null;
      return this.drain(force);
    }
    return this.wait(this.retryAt);
  }

  /** Whether a queued entry may be sent now. */
  private isDue(entry: OutboxEntry, force: boolean): boolean {
    if (entry.nextAttemptAt <= this.ctx.now()) return true;
    // syncNow skips backoff, never a deadline the service itself set.
    const kind = entry.lastError?.kind;
    return force && kind !== 'rate-limited' && kind !== 'banned';
  }

  /** Why an entry is handed to the user without being sent, or null to send it. */
  private holdBack(entry: OutboxEntry): BridgeError | null {
    const { profile, now } = this.ctx;
    if (entry.profile !== profile) {
      // One database per profile makes this impossible by construction; if a
      // row still claims another profile, it is never sent here.
      return {
        kind: 'invalid-argument',
        message: `This animal was taken in for the ${entry.profile} profile and is never sent to ${profile}.`,
      };
    }
    return expiredOutcome(entry, now(), this.options.retentionMs);
  }

  /**
   * One pass over the queue in `seq` order. Returns when the queue is empty,
   * or an entry must wait (its deadline is kept in `retryAt`), or the queue is
   * stopped (unauthorized, not configured).
   */
  private async drain(force: boolean): Promise<void> {
    const { db, api, profile, now, status } = this.ctx;
    const queued = (await readOutbox(db)).filter((entry) => entry.state === 'queued');
    const total = queued.length;
    let done = 0;
    let finished = true;
    for (const entry of queued) {
      if (this.ctx.isStopping()) {
        finished = false;
        break;
      }
      const held = this.holdBack(entry);
      if (held !== null) {
        await markNeedsAttention(db, entry, held);
        done += 1;
        continue;
      }
      if (!this.isDue(entry, force)) {
        // Order matters: later entries wait behind this one.
        this.retryAt = entry.nextAttemptAt;
        finished = false;
        break;
      }
      const sentAt = now();
      const claimed = await claimEntry(db, entry.id, sentAt);
      if (!claimed) continue;
      status.set({ syncing: { done, total } });
      const result = await api.createPet(profile, claimed.payload, {
        idempotencyKey: claimed.idempotencyKey,
      });
      if (result.ok) {
        await completeEntry(db, claimed, result.value);
        this.transientFailures = 0;
        this.connection.goOnline();
        done += 1;
        status.set({ syncing: { done, total } });
        continue;
      }
      const handled = await this.failed(claimed, result.error, sentAt);
      if (handled) {
        done += 1;
        status.set({ syncing: { done, total }, lastError: result.error.message });
        continue;
      }
      finished = false;
      break;
    }
    if (finished && total > 0) {
      const at = now();
      await saveLastSyncAt(db, at);
      status.set({ syncing: null, lastSyncAt: at, lastError: null });
    } else if (status.value.syncing !== null) {
      status.set({ syncing: null });
    }
  }

  /**
   * Applies a failed send to its entry and the queue. True when the entry went
   * to the user and the pass goes on; false when the queue must wait.
   */
  private async failed(claimed: OutboxEntry, error: BridgeError, sentAt: number): Promise<boolean> {
    const { db, now, random, backoff, status } = this.ctx;
    const outcome =
      mayHaveCreated(error) && claimed.outcomeUnknownAt === undefined
        ? { outcomeUnknownAt: sentAt }
        : {};
    const action = sendFailureAction(error, claimed.attempts);
    if (action === 'needs-attention') {
      await markNeedsAttention(db, claimed, error, outcome);
      if (error.kind !== 'invalid-argument') this.connection.goOnline();
      return true;
    }
    if (action === 'block-unauthorized') {
      await requeueEntry(db, claimed, error, now(), outcome);
      this.connection.blockUnauthorized(error);
    } else if (action === 'stop-not-configured') {
      await requeueEntry(db, claimed, error, now(), outcome);
      this.connection.stopNotConfigured(error);
    } else if (action === 'pause') {
      const until = this.connection.pauseUntil(error);
      await requeueEntry(db, claimed, error, until, outcome);
      this.retryAt = until;
    } else {
      this.transientFailures += 1;
      const delay = backoffDelay(this.transientFailures, backoff, random);
      const at = Math.max(error.retryAt ?? 0, now() + delay);
      await requeueEntry(db, claimed, error, at, outcome);
      this.retryAt = at;
      if (meansOffline(error)) {
        this.connection.goOffline(error);
        this.connection.nextProbeAt = Math.max(this.connection.nextProbeAt, at);
      } else {
        status.set({ lastError: error.message });
      }
    }
    return false;
  }
}
