/**
 * The replayer, run by the leader window only: sends queued outbox entries in
 * `seq` order, each with its stored idempotency key, looks for the animal on
 * the service before sending again one whose last answer was lost, and decides
 * from each failure what happens to the entry and to the queue.
 */
import { type BridgeError, MOST_ON_THE_WIRE, type Pet } from '../../electron/contract';
import { backoffDelay } from '../../electron/contract/backoff';
import type { OutboxEntry } from '../data/db';
import { holdEndsAt } from '../data/hold';
import { readOutbox, waitingCount } from '../data/outbox-reads';
import {
  type AttemptOutcome,
  claimEntry,
  completeEntry,
  markNeedsAttention,
  recoverInFlight,
  requeueEntry,
} from '../data/send-steps';
import type { Connection } from './connection';
import type { EngineContext } from './context';
import { deskError } from '../errors/desk-error';
import { mayExistError, reconcile } from './reconcile';
import { saveLastSyncAt } from './status-mirror';
import { meansOffline, sendFailureAction } from './transitions';
import {
  keyCoversRetry,
  mayHaveCreated,
  reconcileDelay,
  type ReconcileDelays,
} from './unknown-outcome';

/** What the replayer needs beyond the shared context. */
export interface ReplayerOptions {
  /** How long a service that honours `Idempotency-Key` keeps its records. */
  retentionMs: number;
  /** How long after a lost answer the replayer waits before looking for the animal. */
  reconcileDelays: ReconcileDelays;
  /** Called each time the replayer waits, with when it wakes by itself (null: on a change only). */
  onIdle?: (wakeAt: number | null) => void;
  /** Most creates in flight at once; {@link MAX_IN_FLIGHT} by default. */
  maxInFlight?: number;
  /**
   * Called when nothing is left waiting to be sent (held animals included)
   * after a backlog went out: more than one animal, or any after the service
   * came back from being out of reach. One animal typed and sent on its own
   * is already in the list, and a refresh after each would spend the day's
   * budget on nothing new.
   */
  onQueueSent?: () => void;
}

/**
 * Most creates out at once. Across a real network one create at a time
 * cannot keep up with a plan (at a 200 ms round trip it sends 5 a second, the
 * Business plan allows 16.7): the replayer keeps as many out as the governor
 * on the Node side, the one pacer, ever sends at once, and the governor
 * decides when each goes.
 */
export const MAX_IN_FLIGHT = MOST_ON_THE_WIRE;

/**
 * Creates that must succeed in a row after a failure before several go at
 * once again: a 429, an error or a lost answer means something unforeseen is
 * happening, and one at a time is the least that can go wrong meanwhile.
 */
export const CALM_AFTER_FAILURE = 5;

/** How one entry's turn in a pass ended. */
type Turn = 'done' | 'skipped' | 'wait';

/** The drain loop of one leader. */
export class Replayer {
  /** The outbox may hold due work. */
  private dirty = true;
  /** Ignore backoff deadlines on the next pass ("Sync now"). */
  private forceDrain = false;
  /** The next forced pass also sends what waited for a pause the user ended. */
  private pastPause = false;
  /** When the entry at the head of the queue is due again. */
  private retryAt: number | null = null;
  /**
   * When the first hold ends. Apart from {@link retryAt}: a held entry
   * waits alone, so a change to the outbox (say, "Send now") is looked at
   * at once instead of after the hold.
   */
  private holdEndsAt: number | null = null;
  // Its own count: transient send failures back off apart from pauses and probes.
  private transientFailures = 0;
  /**
   * Whether this pass already counted a failure (and went offline). Creates
   * in flight together fail together when the network goes: that is one
   * failure for the backoff, not one per create, or six lost answers would
   * push the next try minutes away.
   */
  private passFailure = { counted: false, offline: false };
  /**
   * Creates started after the last failure that went through, up to
   * {@link CALM_AFTER_FAILURE}, and when that failure happened.
   */
  private calm = CALM_AFTER_FAILURE;
  private lastTroubleAt = -Infinity;
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
   * The governor's pause ended before its time ("Try again now"): the entries
   * that waited for it are due at once. The governor still lets only one
   * request learn whether the service refuses before the rest go.
   */
  pauseEnded(): void {
    this.connection.pauseEnded();
    this.pastPause = true;
    this.requestNow();
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

  /** Runs until the engine stops. Storage failures back off and retry, never end it. */
  async run(): Promise<void> {
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
      case 'send':
        if (decision.resumed) this.dirty = true;
    }
    if (this.retryAt !== null && this.retryAt <= t) {
      this.retryAt = null;
      this.dirty = true;
    }
    if (this.holdEndsAt !== null && this.holdEndsAt <= t) {
      this.holdEndsAt = null;
      this.dirty = true;
    }
    if (!this.dirty) return this.wait(earliest(this.retryAt, this.holdEndsAt));
    const force = this.forceDrain;
    const pastPause = force && this.pastPause;
    this.dirty = false;
    this.forceDrain = false;
    this.pastPause = false;
    this.retryAt = null;
    this.holdEndsAt = null;
    return this.drain(force, pastPause);
  }

  /** Whether a queued entry may be sent (or looked up) now. */
  private isDue(entry: OutboxEntry, force: boolean, pastPause: boolean): boolean {
    const t = this.ctx.now();
    // Nothing, not even "Sync now", goes before a lost attempt had time to land.
    if (entry.outcomeUnknownAt !== undefined && (entry.lookupAfter ?? 0) > t) return false;
    if (entry.nextAttemptAt <= t) return true;
    // syncNow skips backoff, never a deadline the service itself set, unless
    // the user ended that deadline's pause.
    const kind = entry.lastError?.kind;
    return force && (pastPause || (kind !== 'rate-limited' && kind !== 'banned'));
  }

  /** When an entry that is not due yet will be. */
  private static dueAt(entry: OutboxEntry): number {
    return Math.max(entry.nextAttemptAt, entry.lookupAfter ?? 0);
  }

  /**
   * Queues again what a replayer that died (or failed to store an answer) left
   * "sending": its outcome is unknown, so it is looked up, as after a timeout.
   */
  recover(): Promise<number> {
    const t = this.ctx.now();
    return recoverInFlight(this.ctx.db, t, t + this.options.reconcileDelays.afterTimeoutMs);
  }

  /**
   * One pass over the queue in `seq` order. Returns when the queue is empty,
   * or an entry must wait (its deadline is kept in `retryAt`), or the queue is
   * stopped (unauthorized, not configured).
   *
   * Entries start in queue order, as many out at once as {@link Replayer.room}
   * allows; the governor sends each when the rate limit lets it.
   */
  private async drain(force: boolean, pastPause: boolean): Promise<void> {
    const { db, now, status } = this.ctx;
    const queued = this.notHeld((await readOutbox(db)).filter((e) => e.state === 'queued'));
    const total = queued.length;
    this.passFailure = { counted: false, offline: false };
    let done = 0;
    let finished = true;
    let failure: { error: unknown } | null = null;
    const running = new Set<Promise<void>>();
    const start = (entry: OutboxEntry): void => {
      const run: Promise<void> = this.turn(entry)
        .then(
          (turn) => {
            if (turn === 'wait') finished = false;
            if (turn === 'done') done += 1;
            status.set({ syncing: { done, total } });
          },
          (error: unknown) => {
            failure ??= { error };
          },
        )
        .finally(() => running.delete(run));
      running.add(run);
    };
    for (const entry of queued) {
      if (!finished || failure !== null) break;
      if (this.ctx.isStopping()) {
        finished = false;
        break;
      }
      if (!this.isDue(entry, force, pastPause)) {
        // Order matters: later entries wait behind this one.
        this.deferTo(Replayer.dueAt(entry));
        finished = false;
        break;
      }
      // A lost answer is settled alone: looking for its animal while other
      // creates are landing could take one of theirs (same name, same
      // fields) for it.
      const alone = entry.outcomeUnknownAt !== undefined;
      // How many are out is the replayer's choice; when each is sent, the governor's.
      while (running.size > 0 && (alone || running.size >= this.room())) {
        await Promise.race(running);
      }
      if (!finished || failure !== null) break;
      status.set({ syncing: { done, total } });
      start(entry);
      if (alone) await Promise.all(running);
    }
    // Never leave a send running: what follows (and recovery after a failure)
    // reads every 'sending' entry as one whose answer was lost.
    await Promise.all(running);
    if (failure !== null) throw (failure as { error: unknown }).error;
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

  /**
   * How many creates may be out at once: one after a failure until
   * {@link CALM_AFTER_FAILURE} creates went through (something unforeseen is
   * happening, and one at a time is the least that can go wrong meanwhile),
   * else up to `maxInFlight`. Whether each may be sent now (the window, a
   * pause, other desks on the key) is the governor's to say.
   */
  private room(): number {
    return this.calm < CALM_AFTER_FAILURE ? 1 : (this.options.maxInFlight ?? MAX_IN_FLIGHT);
  }

  /**
   * A create sent at `sentAt` went through: one more calm step unless it was
   * already on its way when the last failure happened.
   */
  private sentOk(sentAt: number): void {
    if (sentAt > this.lastTroubleAt) this.calm = Math.min(CALM_AFTER_FAILURE, this.calm + 1);
  }

  /** Something failed at `at`: one at a time until enough creates go through again. */
  private troubleAt(at: number): void {
    this.calm = 0;
    this.lastTroubleAt = at;
  }

  /** One entry's turn: settle a lost answer first, then send. */
  private async turn(entry: OutboxEntry): Promise<Turn> {
    const { db, profile, api, now } = this.ctx;
    if (entry.profile !== profile) {
      // One database per profile makes this impossible by construction; if a
      // row still claims another profile, it is never sent here.
      await markNeedsAttention(db, entry, {
        kind: 'invalid-argument',
        message: `Taken in for the ${entry.profile} profile, never sent to ${profile}.`,
      });
      return 'done';
    }
    let outcomeSettled = false;
    if (entry.outcomeUnknownAt !== undefined) {
      // A window that went away mid-send may have left its call running on the
      // Node side, waiting to send: end it first, or it could create the
      // animal after the lists showed it absent.
      const ended = await api.cancelCreate(profile, { idempotencyKey: entry.idempotencyKey });
      if (ended.ok && ended.value) return this.waitToSettle(entry);
      const proof = await api.idempotencyProvenAt(profile);
      const provenAt = proof.ok ? proof.value : null;
      if (!keyCoversRetry(entry, provenAt, now(), this.options.retentionMs)) {
        const lookedAtAsk = this.connection.askMark();
        const verdict = await reconcile(this.ctx, entry);
        switch (verdict.kind) {
          case 'found':
            return this.created(entry, verdict.pet);
          case 'unsure':
            await markNeedsAttention(db, entry, mayExistError(verdict.candidates), {
              candidates: verdict.candidates,
            });
            this.connection.goOnline();
            return 'done';
          case 'read-failed':
            return this.readFailed(entry, verdict.error, lookedAtAsk);
          case 'absent':
            outcomeSettled = true;
        }
      }
    }
    const sentAt = now();
    const claimed = await claimEntry(db, entry.id, sentAt, { outcomeSettled });
    if (!claimed) return 'skipped';
    const sentAtAsk = this.connection.askMark();
    const result = await api.createPet(profile, claimed.payload, {
      idempotencyKey: claimed.idempotencyKey,
    });
    if (result.ok) {
      this.sentOk(sentAt);
      return this.created(claimed, result.value);
    }
    // A refused animal says nothing about the service; anything else might.
    const kind = result.error.kind;
    if (kind !== 'validation' && kind !== 'invalid-argument') this.troubleAt(now());
    const handled = await this.failed(claimed, result.error, sentAt, sentAtAsk);
    if (!handled) return 'wait';
    this.ctx.status.set({ lastError: result.error });
    return 'done';
  }

  /** The animal is on the service: swap the pending row for it. */
  private async created(entry: OutboxEntry, pet: Pet): Promise<Turn> {
    await completeEntry(this.ctx.db, entry, pet);
    this.transientFailures = 0;
    this.connection.goOnline();
    return 'done';
  }

  /**
   * A send was just cut off: as after a timeout, the service may still be
   * working on it, so give it time to land before looking.
   */
  private async waitToSettle(entry: OutboxEntry): Promise<Turn> {
    const at = this.ctx.now() + this.options.reconcileDelays.afterTimeoutMs;
    await this.ctx.db.outbox.update(entry.id, { nextAttemptAt: at, lookupAfter: at });
    this.deferTo(at);
    return 'wait';
  }

  /** A reconciliation read failed: the entry keeps its unknown outcome and waits. */
  private async readFailed(
    entry: OutboxEntry,
    error: BridgeError,
    sentAtAsk: number,
  ): Promise<Turn> {
    const { db, now, random, backoff } = this.ctx;
    this.troubleAt(now());
    this.connection.applyReadError(error, sentAtAsk);
    const { pausedUntil } = this.ctx.status.value;
    const at = Math.max(
      pausedUntil ?? 0,
      error.retryAt ?? 0,
      now() + backoffDelay(++this.transientFailures, backoff, random),
    );
    await db.outbox.update(entry.id, { nextAttemptAt: at });
    this.retryAt = at;
    return 'wait';
  }

  /**
   * Applies a failed send to its entry and the queue. True when the entry went
   * to the user and the pass goes on; false when the queue must wait.
   */
  private async failed(
    claimed: OutboxEntry,
    error: BridgeError,
    sentAt: number,
    sentAtAsk: number,
  ): Promise<boolean> {
    const { db, now, random, backoff, status } = this.ctx;
    const unknown = mayHaveCreated(error);
    const settle = unknown ? reconcileDelay(error, this.options.reconcileDelays) : 0;
    const outcome: AttemptOutcome = unknown ? { lookupAfter: now() + settle } : {};
    if (unknown && claimed.outcomeUnknownAt === undefined) outcome.outcomeUnknownAt = sentAt;
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
      this.connection.stopNotConfigured(error, sentAtAsk);
    } else if (action === 'pause') {
      const until = this.connection.pauseUntil(error);
      await requeueEntry(db, claimed, error, until, outcome);
      this.deferTo(until);
    } else {
      if (!this.passFailure.counted) this.transientFailures += 1;
      this.passFailure.counted = true;
      const delay = backoffDelay(this.transientFailures, backoff, random);
      // A lost answer: give the service time to finish before looking for the animal.
      const at = Math.max(error.retryAt ?? 0, now() + Math.max(delay, settle));
      await requeueEntry(db, claimed, error, at, outcome);
      this.deferTo(at);
      if (!meansOffline(error)) status.set({ lastError: error });
      else if (!this.passFailure.offline) {
        this.passFailure.offline = true;
        this.connection.goOffline(error, at);
      }
    }
    return false;
  }

  /**
   * The entries that are not held, in order. A held entry is not in the
   * queue yet (nothing, not even "Sync now", sends it early), and it holds up
   * nothing behind it: the pass goes on without it and looks again when the
   * first hold ends.
   */
  private notHeld(queued: readonly OutboxEntry[]): OutboxEntry[] {
    const t = this.ctx.now();
    return queued.filter((entry) => {
      const end = holdEndsAt(entry, t);
      if (end === null) return true;
      if (Number.isFinite(end)) this.holdEndsAt = earliest(this.holdEndsAt, end);
      return false;
    });
  }

  /** The pass waits until `at`, or earlier if another entry in it is due sooner. */
  private deferTo(at: number): void {
    this.retryAt = this.retryAt === null ? at : Math.min(this.retryAt, at);
  }
}

/** The earlier of two deadlines, either of which may be unset. */
function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}
