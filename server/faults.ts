/**
 * Fault injection, to exercise clients against slow, failing and dropping
 * services. Faults can be replaced at run time.
 */
import type { Faults } from './types';

const DEFAULT_ERROR_STATUSES = [500, 502, 503];
const SHARES = ['errorRate', 'rate429', 'dropBeforeRate', 'dropAfterCreateRate'] as const;

/** Checks a {@link Faults} value; throws a `RangeError` naming the bad field. */
export function assertFaults(faults: Faults): void {
  for (const name of SHARES) {
    const share = faults[name];
    if (share !== undefined && !(Number.isFinite(share) && share >= 0 && share <= 1)) {
      throw new RangeError(`faults.${name} must be a number between 0 and 1.`);
    }
  }
  const latency = faults.latencyMs;
  if (latency !== undefined && !(Number.isFinite(latency) && latency >= 0)) {
    throw new RangeError('faults.latencyMs must be a number of milliseconds, 0 or more.');
  }
  const statuses = faults.errorStatuses;
  if (statuses !== undefined) {
    if (statuses.length === 0) throw new RangeError('faults.errorStatuses must not be empty.');
    for (const status of statuses) {
      if (!Number.isInteger(status) || status < 400 || status > 599) {
        throw new RangeError('faults.errorStatuses must hold HTTP error statuses (400-599).');
      }
    }
  }
}

/** The faults in force and the dice. */
export class FaultInjector {
  #faults: Faults = {};

  constructor(
    faults: Faults = {},
    private readonly random: () => number = Math.random,
  ) {
    this.set(faults);
  }

  /** Replaces every fault. */
  set(faults: Faults): void {
    assertFaults(faults);
    this.#faults = { ...faults };
  }

  get latencyMs(): number {
    return this.#faults.latencyMs ?? 0;
  }

  /** True with the probability configured for `kind`. */
  roll(kind: (typeof SHARES)[number]): boolean {
    const share = this.#faults[kind] ?? 0;
    return share > 0 && this.random() < share;
  }

  /** One of the configured error statuses, at random. */
  errorStatus(): number {
    const statuses = this.#faults.errorStatuses ?? DEFAULT_ERROR_STATUSES;
    return statuses[Math.floor(this.random() * statuses.length)] ?? 500;
  }
}
