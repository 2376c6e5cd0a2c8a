/**
 * The inspectable state of a running service: the request log and counters.
 * Arrays and objects are mutated in place so callers holding `state.requests`
 * or `state.stats` always see the live values.
 */
import type { BanPolicy } from './ban-policy';
import type { FaultInjector } from './faults';
import type { RateLimiter } from './rate-limiter';
import type { PetStore } from './store';
import type { Faults, RequestRecord, ServiceState, ServiceStats, StoredPet } from './types';

function emptyStats(): ServiceStats {
  return { requests: 0, created: 0, rateLimited: 0, bans: 0, dropped: 0, byStatus: {} };
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
    },
  ) {}

  pets(): StoredPet[] {
    return this.parts.store.all();
  }

  setFaults(f: Faults): void {
    this.parts.faults.set(f);
  }

  reset(): void {
    this.requests.length = 0;
    const fresh = emptyStats();
    for (const status of Object.keys(this.stats.byStatus))
      delete this.stats.byStatus[Number(status)];
    this.stats.requests = fresh.requests;
    this.stats.created = fresh.created;
    this.stats.rateLimited = fresh.rateLimited;
    this.stats.bans = fresh.bans;
    this.stats.dropped = fresh.dropped;
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

  /** Logs a request whose connection was destroyed without an answer. */
  dropped(record: RequestRecord): void {
    record.status = 'dropped';
    this.stats.dropped += 1;
  }
}
