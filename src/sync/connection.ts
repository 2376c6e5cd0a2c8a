/**
 * The connection state, learned from the service's answers (never from
 * `navigator.onLine`): online, offline (probing on a backoff), or stopped until
 * the user acts (401, not configured). Something answering in the service's
 * place (a Wi-Fi sign-in page) is out of reach too: offline, probed more
 * often, and named by its error. A pause the service asked for is not kept
 * here: the governor on the Node side owns it, and the indicators read it
 * from the view every answer carries.
 *
 * Its outputs are {@link Connection.decide} (what the replayer may do now) and
 * the one backoff of this window ({@link Connection.failed}): between probes,
 * and for a failure the governor gave no `retryAt`.
 */
import { isNotFromService, type BridgeError } from '../../electron/contract/errors';
import { backoffDelay, type BackoffPolicy } from '../../electron/contract/backoff';
import type { EngineContext } from './context';
import { meansOffline } from './transitions';

/**
 * The longest wait between two probes while something answers in the
 * service's place. Such a page goes away when someone accepts its terms, not
 * by itself over minutes as an outage might: probing at least this often
 * sends the queue again soon after, at a cost of a few requests a minute.
 */
const NOT_FROM_SERVICE_PROBE_CAP_MS = 15_000;

/** What the connection allows the replayer to do at a given moment. */
export type ConnectionDecision =
  /** The queue waits for the user (a key, a base URL) and wakes on a change only. */
  | { kind: 'stopped' }
  /** Offline: nothing may be sent before the next probe at `until`. */
  | { kind: 'wait'; until: number }
  /** Offline and a probe is due: send one. */
  | { kind: 'probe' }
  /** The queue may go; the governor says when each request does. */
  | { kind: 'send' };

/** One engine's connection state and probing. */
export class Connection {
  /** Not before this time is the next probe sent while offline. */
  private nextProbeAt = 0;
  /** Probe at the next look, whatever `nextProbeAt` says. */
  private probeNow = false;
  /** The profile has no base URL or key: nothing is sent until the user acts. */
  private notConfigured = false;
  /**
   * How many times a sync was asked (a key saved, "Sync now"). "No key" learned
   * from a request sent before the latest ask is stale: the key saved meanwhile
   * is just what that request lacked.
   */
  private asks = 0;
  /** Failures in a row (probes, passes, storage) since the service last answered: the one backoff. */
  private failures = 0;

  constructor(private readonly ctx: EngineContext) {}

  /** The one decision the replayer applies: may it send, must it probe, or wait until when. */
  decide(at: number): ConnectionDecision {
    const { status } = this.ctx;
    if (status.value.blockedBy !== null || this.notConfigured) return { kind: 'stopped' };
    if (status.value.connection === 'offline') {
      if (this.probeNow || at >= this.nextProbeAt) return { kind: 'probe' };
      return { kind: 'wait', until: this.nextProbeAt };
    }
    return { kind: 'send' };
  }

  /** One more failure in a row; returns the wait before the next try. */
  failed(): number {
    this.failures += 1;
    return this.delay();
  }

  /** The wait after the failures so far, without counting one more (a failure already counted). */
  delay(): number {
    return backoffDelay(Math.max(1, this.failures), this.probeBackoff(), this.ctx.random);
  }

  /**
   * The backoff between probes: shorter while the last failure was an answer
   * from something in the service's place. Read from the status, so any later
   * state (a 401, the service answering) ends it.
   */
  private probeBackoff(): BackoffPolicy {
    const { backoff, status } = this.ctx;
    const { lastError } = status.value;
    if (lastError === null || !isNotFromService(lastError)) return backoff;
    return { ...backoff, capMs: Math.min(backoff.capMs, NOT_FROM_SERVICE_PROBE_CAP_MS) };
  }

  /**
   * The service did not answer: offline, one more failure, next probe after
   * the backoff, not before the error's `retryAt`. An answer from something in
   * front of the service probes at least every
   * {@link NOT_FROM_SERVICE_PROBE_CAP_MS}: once a probe gets through, the
   * queue goes at once. Returns when the next probe goes.
   */
  goOffline(error: BridgeError): number {
    const { now } = this.ctx;
    this.ctx.status.set({ connection: 'offline', lastError: error });
    const delay = this.failed();
    this.nextProbeAt = isNotFromService(error)
      ? now() + delay
      : Math.max(now() + delay, error.retryAt ?? 0);
    // A fresh failure starts a fresh wait; an earlier "probe now" is spent.
    this.probeNow = false;
    return this.nextProbeAt;
  }

  /** The service answered. */
  goOnline(): void {
    this.failures = 0;
    if (this.ctx.status.value.connection !== 'online') {
      this.ctx.status.set({ connection: 'online' });
    }
  }

  /**
   * How many syncs were asked so far: taken when a request is sent (the
   * `sentAtAsk` of {@link stopNotConfigured}), and by the replayer to know
   * which asks a pass has answered.
   */
  askMark(): number {
    return this.asks;
  }

  /** 401: the queue waits for a key; the UI is told once. */
  blockUnauthorized(error: BridgeError): void {
    const first = this.ctx.status.value.blockedBy === null;
    this.ctx.status.set({
      connection: 'online',
      blockedBy: 'unauthorized',
      lastError: error,
    });
    if (first) this.ctx.onUnauthorized();
  }

  /**
   * The profile is not set up: stop until the user acts. Said in plain words:
   * the Node side's message names addresses and settings staff never see.
   */
  stopNotConfigured(error: BridgeError, sentAtAsk = this.asks): void {
    this.ctx.status.set({ lastError: error });
    if (sentAtAsk !== this.asks) {
      // A sync was asked since the request left (a key saved): look again at
      // once, with what was just set, instead of stopping for good.
      this.ctx.waker.wake();
      return;
    }
    this.notConfigured = true;
  }

  /**
   * Connection effects of a failed read (probe, refresh, reconciliation). A
   * 429 or a ban is only said: the governor keeps the pause and holds what
   * is handed to it meanwhile.
   */
  applyReadError(error: BridgeError, sentAtAsk = this.asks): void {
    if (meansOffline(error)) {
      this.goOffline(error);
    } else {
      switch (error.kind) {
        case 'unauthorized':
          this.blockUnauthorized(error);
          break;
        case 'not-configured':
          this.stopNotConfigured(error, sentAtAsk);
          break;
        default:
          this.ctx.status.set({ lastError: error });
      }
    }
    this.ctx.waker.wake();
  }

  /** The user asked to sync: lift a stop and probe at once if offline. */
  resume(): void {
    this.asks += 1;
    this.notConfigured = false;
    this.probeNow = true;
    if (this.ctx.status.value.blockedBy !== null) this.ctx.status.set({ blockedBy: null });
  }

  /** The OS says the network is back: a hint to probe at the next look, not proof. */
  networkHint(): void {
    this.probeNow = true;
  }

  /**
   * Sends one probe: the smallest page, since a probe spends rate-limit budget
   * like any request. True when the service answered, so the queue can go.
   * Its animal is not kept: one animal of a page the list never asked for
   * would show as if it were the catalogue (the refresh after the queue
   * brings the whole list).
   */
  async probe(): Promise<boolean> {
    const { api, profile, now, status } = this.ctx;
    this.probeNow = false;
    const sentAtAsk = this.asks;
    // The queue waits on it: it goes in intake's lane.
    const result = await api.listPets(profile, { limit: 1 }, { lane: 'intake' });
    if (result.ok) {
      this.goOnline();
      status.set({ lastError: null });
      return true;
    }
    if (meansOffline(result.error)) {
      this.goOffline(result.error);
      return false;
    }
    this.applyReadError(result.error, sentAtAsk);
    // The service answered, but not well: keep probing on the backoff.
    if (status.value.connection === 'offline') this.nextProbeAt = now() + this.failed();
    return false;
  }
}
