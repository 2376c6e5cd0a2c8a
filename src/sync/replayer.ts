/**
 * The replayer, run by the leader window only: passes over the queue
 * (`drain-pass.ts`) whenever it may hold due work, and between passes sleeps
 * until the next deadline an entry's failure set, the end of a hold, or a
 * change. When a request goes, and whether the key is paused, is the
 * governor's on the Node side; the replayer keeps no pause and no pace.
 */
import { waitingCount } from '../data/outbox-reads';
import { recoverInFlight } from '../data/send-steps';
import type { Connection } from './connection';
import type { EngineContext } from './context';
import { drainPass } from './drain-pass';
import { deskError } from '../errors/desk-error';
import type { PassScope, ReplayerOptions } from './pass-scope';
import { saveLastSyncAt } from './status-mirror';

export type { ReplayerOptions } from './pass-scope';

/** The drain loop of one leader. */
export class Replayer {
  /** The outbox may hold due work. */
  private dirty = true;
  /** Ignore backoff deadlines on the next pass ("Sync now"). */
  private forceDrain = false;
  /** The next pass also sends what waited for a pause the governor's view shows ended. */
  private pastPause = false;
  /** When the entry at the head of the queue is due again. */
  private retryAt: number | null = null;
  /**
   * The last pass left the queue waiting on the end of a pause the service
   * asked for. Kept while the next pass runs, so a view showing the pause
   * gone in the meantime is not lost.
   */
  private waitsOnPause = false;
  /**
   * When the first hold ends. Apart from {@link retryAt}: a held entry
   * waits alone, so a change to the outbox (say, "Send now") is looked at
   * at once instead of after the hold.
   */
  private holdEndsAt: number | null = null;
  private settled: { gen: number; resolve: () => void }[] = [];
  /** Animals sent since the queue was last empty: the backlog {@link ReplayerOptions.onQueueSent} follows. */
  private sentSinceEmpty = 0;
  /** A probe found the service back since the queue was last empty. */
  private cameBack = false;

  constructor(
    private readonly ctx: EngineContext,
    private readonly connection: Connection,
    private readonly options: ReplayerOptions,
  ) {}

  /**
   * The outbox changed: look again, unless the head entry is waiting for a
   * deadline and nothing is held (a change may be a hold ended by "Send now").
   */
  outboxChanged(): void {
    this.dirty = true;
    if (this.retryAt === null || this.holdEndsAt !== null) this.ctx.waker.wake();
  }

  /** "Sync now", or the service answered a read: lift stops, probe if offline, replay skipping backoff. */
  requestNow(): void {
    this.dirty = true;
    this.forceDrain = true;
    this.connection.resume();
    this.ctx.waker.wake();
  }

  /**
   * The governor's view shows no pause: when the queue waits for one, it
   * was ended early ("Try again now", in any window), and what waited goes
   * now. The governor still lets one request learn whether the service
   * refuses before the rest go.
   */
  pauseGone(): void {
    if (!this.waitsOnPause) return;
    this.waitsOnPause = false;
    this.pastPause = true;
    this.dirty = true;
    this.ctx.waker.wake();
  }

  /** Resolves once the pass asked for by the latest {@link requestNow} ran. */
  whenRequestSettled(): Promise<void> {
    // The connection counts the asks: `resume` below is each one's.
    const gen = this.connection.askMark();
    return new Promise<void>((resolve) => this.settled.push({ gen, resolve }));
  }

  /** Lets every waiting {@link whenRequestSettled} go (stop). */
  releaseWaiters(): void {
    for (const s of this.settled) s.resolve();
    this.settled = [];
  }

  /**
   * Queues again what a replayer that died (or failed to store an answer) left
   * "sending": its outcome is unknown, so it is looked up, as after a timeout.
   */
  recover(): Promise<number> {
    const t = this.ctx.now();
    return recoverInFlight(this.ctx.db, t, t + this.options.reconcileDelays.afterTimeoutMs);
  }

  /** Runs until the engine stops. Storage failures back off and retry, never end it. */
  async run(): Promise<void> {
    const { now, status } = this.ctx;
    while (!this.ctx.isStopping()) {
      try {
        await this.step();
      } catch (err) {
        // Storage failures (quota, a closed database) must not kill the
        // replayer for good: report, back off, try again.
        this.retryAt = now() + this.connection.failed();
        this.dirty = true;
        status.set({ syncing: null, lastError: deskError(err) });
        // A write may have failed after an entry was claimed; nothing is in
        // flight now, so a 'sending' entry is one whose outcome is unknown.
        await this.recover().catch(() => undefined);
        await this.wait(this.retryAt, false);
      }
    }
  }

  private wait(until: number | null, idle = true): Promise<void> {
    const seen = this.connection.askMark();
    const ready = this.settled.filter((s) => s.gen <= seen);
    this.settled = this.settled.filter((s) => s.gen > seen);
    for (const s of ready) s.resolve();
    if (idle) this.options.onIdle?.(until);
    return this.ctx.waker.sleep(until, this.ctx.now);
  }

  /** One decision: act, or wait until something changes. */
  private async step(): Promise<void> {
    const t = this.ctx.now();
    const decision = this.connection.decide(t);
    switch (decision.kind) {
      case 'stopped':
        return this.wait(null);
      case 'wait':
        return this.wait(decision.until);
      case 'probe':
        if (await this.connection.probe()) {
          // The service is back: replay now instead of at the next deadline.
          this.cameBack = true;
          this.dirty = true;
          this.forceDrain = true;
        }
        return;
    }
    if (this.retryAt !== null && this.retryAt <= t) this.dirty = true;
    if (this.holdEndsAt !== null && this.holdEndsAt <= t) this.dirty = true;
    if (!this.dirty) return this.wait(earliest(this.retryAt, this.holdEndsAt));
    const scope = this.scope();
    this.dirty = false;
    this.forceDrain = false;
    this.pastPause = false;
    this.retryAt = null;
    return this.drain(scope);
  }

  /** The scope of the next pass, and how its entries tell the replayer when to look again. */
  private scope(): PassScope & { onPause: boolean } {
    const scope = {
      onPause: false,
      ctx: this.ctx,
      connection: this.connection,
      options: this.options,
      force: this.forceDrain,
      pastPause: this.pastPause,
      failure: { counted: false, offline: false },
      deferTo: (at: number, onPause = false): void => {
        if (this.retryAt === null || at < this.retryAt) {
          this.retryAt = at;
          scope.onPause = onPause;
        } else if (at === this.retryAt) scope.onPause ||= onPause;
      },
    };
    return scope;
  }

  private async drain(scope: PassScope & { onPause: boolean }): Promise<void> {
    const { db, now, status } = this.ctx;
    const { total, done, finished, holdEndsAt } = await drainPass(scope).finally(() => {
      this.waitsOnPause = scope.onPause;
    });
    this.holdEndsAt = holdEndsAt;
    if (finished && total > 0) {
      const at = now();
      await saveLastSyncAt(db, at);
      status.set({ syncing: null, lastSyncAt: at, lastError: null });
    } else if (status.value.syncing !== null) {
      status.set({ syncing: null });
    }
    this.sentSinceEmpty += done;
    // Once per emptying, not per animal: an animal still held (or typed
    // meanwhile) keeps the queue going, and its own pass tells.
    if (finished && (await waitingCount(db)) === 0) this.queueEmptied();
  }

  private queueEmptied(): void {
    const backlog = this.sentSinceEmpty > 1 || (this.cameBack && this.sentSinceEmpty > 0);
    this.sentSinceEmpty = 0;
    this.cameBack = false;
    if (backlog) this.options.onQueueSent?.();
  }
}

/** The earlier of two deadlines, either of which may be unset. */
function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}
