/**
 * "Last synced" is when the service last answered this profile well: a list
 * page of a refresh, a probe, a create. Counting only the outbox drain said
 * "Never synced" over a list that had just been fetched.
 *
 * The time goes to `meta` (`last-sync-at`) only, which every window reads
 * live, so a refresh in a window that does not lead shows everywhere, and the
 * leader's shared status is not written again for each answer.
 */
import type { KennelDb } from '../data/db';
import type { EngineApi } from './context';
import { saveLastSyncAt } from './status-mirror';

/** Least time between two writes of the time; the latest answer is always written. */
const EXCHANGE_WRITE_INTERVAL_MS = 1_000;

/** Writes when the service last answered, at most once per interval. */
export class LastExchange {
  private writtenAt = Number.NEGATIVE_INFINITY;
  private pending: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: KennelDb,
    private readonly now: () => number,
    private readonly intervalMs: number = EXCHANGE_WRITE_INTERVAL_MS,
  ) {}

  /** The service just answered well. */
  note(): void {
    const at = this.now();
    const since = at - this.writtenAt;
    if (since >= this.intervalMs) {
      this.write(at);
      return;
    }
    // A drain answers many times a second: the last answer is written at the
    // end of the interval instead of each one now.
    this.pending = at;
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs - since);
  }

  /** Writes a held-back time now (the engine stops). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.pending;
    this.pending = null;
    if (pending !== null) this.write(pending);
  }

  private write(at: number): void {
    this.writtenAt = at;
    // "Last synced" is a courtesy; a failed write must not fail the exchange.
    void saveLastSyncAt(this.db, at).catch(() => undefined);
  }
}

/** `api` with every good answer from the service noted in `exchange`. */
export function notingExchanges(api: EngineApi, exchange: Pick<LastExchange, 'note'>): EngineApi {
  return {
    async createPet(...args) {
      const result = await api.createPet(...args);
      if (result.ok) exchange.note();
      return result;
    },
    async listPets(...args) {
      const result = await api.listPets(...args);
      if (result.ok) exchange.note();
      return result;
    },
    async listPetsPage(...args) {
      const result = await api.listPetsPage(...args);
      if (result.ok) exchange.note();
      return result;
    },
    // Kennel's own bookkeeping, not answers from the service.
    idempotencyProvenAt: (...args) => api.idempotencyProvenAt(...args),
    cancelCreate: (...args) => api.cancelCreate(...args),
  };
}
