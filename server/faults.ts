/**
 * Fault injection, to exercise clients against slow, failing and dropping
 * services. Faults can be replaced at run time.
 */
import type { Faults } from './types';

const DEFAULT_ERROR_STATUSES = [500, 502, 503];
/** What a gateway in front of the service answers when the service's answer does not reach it. */
const DEFAULT_ERROR_AFTER_CREATE_STATUSES = [502, 504];
/** How long a 429 of the `rate429` fault asks clients to wait unless told otherwise. */
const DEFAULT_RATE429_RETRY_MS = 1_000;
/** Longer than a client's usual request timeout (Kennel's is 10 s), so the client gives up. */
const DEFAULT_SLOW_AFTER_CREATE_MS = 30_000;
const SHARES = [
  'errorRate',
  'rate429',
  'dropBeforeRate',
  'dropAfterCreateRate',
  'errorAfterCreateRate',
  'slowAfterCreateRate',
  'stallAfterCreateRate',
  'portalRate',
] as const;
const DURATIONS = ['latencyMs', 'slowAfterCreateMs', 'rate429RetryMs'] as const;

function assertStatuses(
  name: string,
  statuses: number[] | undefined,
  range: { min: number; max: number; what: string },
): void {
  if (statuses === undefined) return;
  if (statuses.length === 0) throw new RangeError(`faults.${name} must not be empty.`);
  for (const status of statuses) {
    if (!Number.isInteger(status) || status < range.min || status > range.max) {
      throw new RangeError(
        `faults.${name} must hold ${range.what} statuses (${range.min}-${range.max}).`,
      );
    }
  }
}

/** Checks a {@link Faults} value; throws a `RangeError` naming the bad field. */
function assertFaults(faults: Faults): void {
  for (const name of SHARES) {
    const share = faults[name];
    if (share !== undefined && !(Number.isFinite(share) && share >= 0 && share <= 1)) {
      throw new RangeError(`faults.${name} must be a number between 0 and 1.`);
    }
  }
  for (const name of DURATIONS) {
    const ms = faults[name];
    if (ms !== undefined && !(Number.isFinite(ms) && ms >= 0)) {
      throw new RangeError(`faults.${name} must be a number of milliseconds, 0 or more.`);
    }
  }
  assertStatuses('errorStatuses', faults.errorStatuses, { min: 400, max: 599, what: 'HTTP error' });
  // A 4xx would tell the client its request was refused; after a creation only a
  // server-side failure is a plausible lie.
  assertStatuses('errorAfterCreateStatuses', faults.errorAfterCreateStatuses, {
    min: 500,
    max: 599,
    what: 'server error',
  });
}

/** The faults in force and the dice. */
export class FaultInjector {
  #faults: Faults = {};

  constructor(
    faults: Faults,
    private readonly random: () => number,
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

  /** How long the `slowAfterCreateRate` fault holds an answer. */
  get slowAfterCreateMs(): number {
    return this.#faults.slowAfterCreateMs ?? DEFAULT_SLOW_AFTER_CREATE_MS;
  }

  /** How long a 429 of the `rate429` fault asks the client to wait. */
  get rate429RetryMs(): number {
    return this.#faults.rate429RetryMs ?? DEFAULT_RATE429_RETRY_MS;
  }

  /** True with the probability configured for `kind`. */
  roll(kind: (typeof SHARES)[number]): boolean {
    const share = this.#faults[kind] ?? 0;
    return share > 0 && this.random() < share;
  }

  /** One of the configured error statuses, at random. */
  errorStatus(): number {
    return this.#pick(this.#faults.errorStatuses ?? DEFAULT_ERROR_STATUSES, 500);
  }

  /** One of the statuses of the `errorAfterCreateRate` fault, at random. */
  errorAfterCreateStatus(): number {
    return this.#pick(
      this.#faults.errorAfterCreateStatuses ?? DEFAULT_ERROR_AFTER_CREATE_STATUSES,
      502,
    );
  }

  #pick(statuses: number[], fallback: number): number {
    return statuses[Math.floor(this.random() * statuses.length)] ?? fallback;
  }
}
