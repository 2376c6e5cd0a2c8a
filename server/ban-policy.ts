/**
 * Temporary bans for keys that keep sending while told to wait. Every 429 opens
 * a "blocked" period for the key (until the time its Retry-After pointed at,
 * whether or not the header was sent). Each request that arrives inside that
 * period is a strike; at the configured number of strikes the key is banned for
 * a while. Strikes start over with each new blocked period.
 */

/** What to do with a request from a key, before its budget is looked at. */
export type BanVerdict =
  | { kind: 'clear' }
  | { kind: 'banned'; until: number; newlyBanned: boolean }
  | { kind: 'blocked'; until: number };

interface KeyRecord {
  blockedUntil: number;
  strikes: number;
  bannedUntil: number;
}

/** Strike and ban bookkeeping for every key. */
export class BanPolicy {
  readonly #keys = new Map<string, KeyRecord>();

  constructor(
    readonly strikes: number,
    readonly durationMs: number,
  ) {
    if (!Number.isSafeInteger(strikes) || strikes < 1) {
      throw new RangeError('ban.strikes must be a whole number of at least 1.');
    }
    if (!Number.isFinite(durationMs) || durationMs <= 0) {
      throw new RangeError('ban.durationMs must be a positive number of milliseconds.');
    }
  }

  #record(id: string): KeyRecord {
    let record = this.#keys.get(id);
    if (!record) {
      record = { blockedUntil: 0, strikes: 0, bannedUntil: 0 };
      this.#keys.set(id, record);
    }
    return record;
  }

  /** Judges an arriving request; counts a strike when it arrives inside a blocked period. */
  arrive(id: string, now: number): BanVerdict {
    const record = this.#record(id);
    if (now < record.bannedUntil) {
      return { kind: 'banned', until: record.bannedUntil, newlyBanned: false };
    }
    if (now >= record.blockedUntil) return { kind: 'clear' };
    record.strikes += 1;
    if (record.strikes >= this.strikes) {
      record.bannedUntil = now + this.durationMs;
      record.strikes = 0;
      record.blockedUntil = 0;
      return { kind: 'banned', until: record.bannedUntil, newlyBanned: true };
    }
    return { kind: 'blocked', until: record.blockedUntil };
  }

  /** Records that the key was answered 429 at `now` and told to wait until `until`. */
  block(id: string, until: number, now: number): void {
    const record = this.#record(id);
    // A new blocked period after the previous one ended starts a fresh count.
    if (now >= record.blockedUntil) record.strikes = 0;
    record.blockedUntil = Math.max(record.blockedUntil, until);
  }

  /** Forgets every strike, block and ban. */
  reset(): void {
    this.#keys.clear();
  }
}
