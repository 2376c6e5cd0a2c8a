/**
 * The inspectable state of a running service: the request log and counters.
 * Arrays and objects are mutated in place so callers holding `state.requests`
 * or `state.stats` always see the live values.
 */
import type { BanPolicy } from './ban-policy';
import type { Extensions } from './extensions';
import type { FaultInjector } from './faults';
import type { RateLimiter } from './rate-limiter';
import type { PetStore } from './store';
import type { Faults, RequestRecord, ServiceState, ServiceStats, StoredPet } from './types';

/** Counters before the first request. */
export function emptyStats(): ServiceStats {
  return {
    requests: 0,
    created: 0,
    rateLimited: 0,
    bans: 0,
    dropped: 0,
    erroredAfterCreate: 0,
    slowedAfterCreate: 0,
    stalledAfterCreate: 0,
    portalAnswers: 0,
    byStatus: {},
  };
}

/** {@link ServiceState} over the service's parts. */
export class LiveState implements ServiceState {
  readonly requests: RequestRecord[] = [];
  readonly stats: ServiceStats = emptyStats();

  constructor(
    private readonly parts: {
      store: PetStore;
      faults: FaultInjector;
      limiter: RateLimiter;
      bans: BanPolicy;
      extensions: Extensions;
    },
  ) {}

  pets(): StoredPet[] {
    return this.parts.store.all();
  }

  setFaults(f: Faults): void {
    this.parts.faults.set(f);
  }

  setIdempotency(on: boolean): void {
    if (typeof on !== 'boolean') throw new TypeError('setIdempotency takes true or false.');
    this.parts.extensions.idempotency = on;
  }

  reset(): void {
    this.requests.length = 0;
    for (const status of Object.keys(this.stats.byStatus))
      delete this.stats.byStatus[Number(status)];
    // Counters are zeroed in place: callers may hold `state.stats` itself.
    Object.assign(this.stats, { ...emptyStats(), byStatus: this.stats.byStatus });
    this.parts.limiter.reset();
    this.parts.bans.reset();
  }

  /** Logs an arriving request. */
  arrive(record: RequestRecord): void {
    this.requests.push(record);
    this.stats.requests += 1;
  }

  /** Logs the status a request was answered with. */
  answered(record: RequestRecord, status: number): void {
    record.status = status;
    this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
    if (status === 429) this.stats.rateLimited += 1;
  }

  /** Counts a creation whose answer an after-create fault turned into an error, held or stalled. */
  afterCreateFault(kind: 'error' | 'slow' | 'stall'): void {
    if (kind === 'error') this.stats.erroredAfterCreate += 1;
    else if (kind === 'slow') this.stats.slowedAfterCreate += 1;
    else this.stats.stalledAfterCreate += 1;
  }

  /** Counts a request a sign-in page answered instead of the service. */
  portalAnswered(): void {
    this.stats.portalAnswers += 1;
  }

  /** Logs a request whose connection was destroyed without an answer. */
  dropped(record: RequestRecord): void {
    record.status = 'dropped';
    this.stats.dropped += 1;
  }
}
