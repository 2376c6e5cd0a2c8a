/**
 * The connection state, learned from the service's answers (never from
 * `navigator.onLine`): online, offline (probing on a backoff), paused by the
 * service (429, ban), or stopped until the user acts (401, not configured).
 */
import type { BridgeError } from '../../electron/contract';
import { upsertServicePets } from '../data/pets';
import { backoffDelay } from './backoff';
import type { EngineContext } from './context';
import { meansOffline } from './transitions';

/** One engine's connection state and probing. */
export class Connection {
  /** Not before this time is the next probe sent while offline. */
  nextProbeAt = 0;
  /** Probe at the next look, whatever `nextProbeAt` says. */
  forceProbe = false;
  /** The profile has no base URL or key: nothing is sent until the user acts. */
  notConfigured = false;
  private probeFailures = 0;
  // Its own count: pauses without a deadline back off apart from failing sends.
  private pauseFailures = 0;

  /**
   * @param onReachable called when a probe got through, so the queue is replayed at once
   */
  constructor(
    private readonly ctx: EngineContext,
    private readonly onReachable: () => void,
  ) {}

  /** The queue waits for the user (a key, a base URL). */
  get stopped(): boolean {
    return this.ctx.status.value.blockedBy !== null || this.notConfigured;
  }

  /** The service did not answer: offline, next probe after a backoff (or its `retryAt`). */
  goOffline(error: BridgeError): void {
    const { now, random, backoff } = this.ctx;
    this.probeFailures += 1;
    const delay = backoffDelay(this.probeFailures, backoff, random);
    this.nextProbeAt = Math.max(now() + delay, error.retryAt ?? 0);
    // A fresh failure starts a fresh wait; an earlier "probe now" is spent.
    this.forceProbe = false;
    this.ctx.status.set({ connection: 'offline', lastError: error.message });
  }

  /** The service answered. */
  goOnline(): void {
    this.probeFailures = 0;
    this.pauseFailures = 0;
    const { connection, pausedUntil } = this.ctx.status.value;
    if (connection !== 'online' || pausedUntil !== null) {
      this.ctx.status.set({ connection: 'online', pausedUntil: null });
    }
  }

  /** 429 or a ban: nothing is sent before the returned time. */
  pauseUntil(error: BridgeError): number {
    const { now, random, backoff } = this.ctx;
    const until = error.retryAt ?? now() + backoffDelay(++this.pauseFailures, backoff, random);
    this.ctx.status.set({ connection: 'paused', pausedUntil: until, lastError: error.message });
    return until;
  }

  /** 401: the queue waits for a key; the UI is told once. */
  blockUnauthorized(error: BridgeError): void {
    const first = this.ctx.status.value.blockedBy === null;
    this.ctx.status.set({
      connection: 'online',
      blockedBy: 'unauthorized',
      lastError: error.message,
    });
    if (first) this.ctx.onUnauthorized();
  }

  /** The profile is not set up: stop until the user acts. */
  stopNotConfigured(error: BridgeError): void {
    this.notConfigured = true;
    this.ctx.status.set({ lastError: error.message });
  }

  /** Connection effects of a failed read (probe or refresh). */
  applyReadError(error: BridgeError): void {
    switch (error.kind) {
      case 'network':
      case 'timeout':
        this.goOffline(error);
        break;
      case 'rate-limited':
      case 'banned':
        this.pauseUntil(error);
        break;
      case 'unauthorized':
        this.blockUnauthorized(error);
        break;
      case 'not-configured':
        this.stopNotConfigured(error);
        break;
      default:
        this.ctx.status.set({ lastError: error.message });
    }
    this.ctx.waker.wake();
  }

  /** The user asked to sync: lift a stop and probe at once if offline. */
  resume(): void {
    this.notConfigured = false;
    this.forceProbe = true;
    this.nextProbeAt = this.ctx.now();
    if (this.ctx.status.value.blockedBy !== null) this.ctx.status.set({ blockedBy: null });
  }

  /** Whether a probe is due now (offline only). */
  probeDue(at: number): boolean {
    return this.forceProbe || at >= this.nextProbeAt;
  }

  /** Sends one probe: the smallest page, since a probe spends rate-limit budget like any request. */
  async probe(): Promise<void> {
    const { api, db, profile, now, random, backoff, status } = this.ctx;
    this.forceProbe = false;
    const result = await api.listPets(profile, { limit: 1 });
    if (result.ok) {
      await upsertServicePets(db, result.value);
      this.goOnline();
      status.set({ lastError: null });
      this.onReachable();
      return;
    }
    if (meansOffline(result.error)) {
      this.goOffline(result.error);
      return;
    }
    this.applyReadError(result.error);
    // The service answered, but not well: keep probing on the backoff.
    if (status.value.connection === 'offline') {
      this.probeFailures += 1;
      this.nextProbeAt = now() + backoffDelay(this.probeFailures, backoff, random);
    }
  }
}
