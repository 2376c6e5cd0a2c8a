/**
 * Everything a request handler needs, built once per service instance from
 * its options.
 */
import { BanPolicy } from './ban-policy';
import { createClock, type Clock } from './clock';
import { extensionsFrom, type Extensions } from './extensions';
import { FaultInjector } from './faults';
import { seededRandom } from './prng';
import { IdempotencyStore } from './idempotency';
import { loadOpenApi, type OpenApi } from './openapi';
import { DEMO_KEYS, KeyRing, type KnownKey } from './plans';
import { RateLimiter } from './rate-limiter';
import { LiveState } from './state';
import { PetStore } from './store';
import type { RequestRecord, ServiceOptions } from './types';

/** What the service knows about one request while answering it. */
export interface RequestInfo {
  record: RequestRecord;
  key: KnownKey | null;
  /** Set once the configured latency was spent for this request. */
  delayed: boolean;
}

/** The parts of one service instance. */
export interface ServiceContext {
  api: OpenApi;
  /** The service's time (epoch ms): `ServiceOptions.now` or the system clock. */
  now: Clock;
  keys: KeyRing;
  limiter: RateLimiter;
  bans: BanPolicy;
  faults: FaultInjector;
  extensions: Extensions;
  idempotency: IdempotencyStore;
  store: PetStore;
  state: LiveState;
  retryAfter: 'seconds' | 'http-date' | 'none';
  rateLimitBody: 'json' | 'empty' | 'text';
  log: boolean;
  /** Aborted on close, so requests held by latency end instead of outliving the service. */
  closing: AbortController;
  requests: WeakMap<object, RequestInfo>;
}

/**
 * The fault seed when none is given. Fixed, not drawn: the service's only dice are
 * seeded, so a run without `--fault-seed` replays too.
 */
const DEFAULT_FAULT_SEED = 1;

const ONE_OF = <T extends string>(
  name: string,
  value: T | undefined,
  allowed: readonly T[],
  fallback: T,
): T => {
  if (value === undefined) return fallback;
  if (!allowed.includes(value))
    throw new RangeError(`${name} must be one of ${allowed.join(', ')}.`);
  return value;
};

/** Builds a service's parts; throws a `RangeError`/`Error` naming the bad option. */
export function createContext(options: ServiceOptions): ServiceContext {
  const now = createClock(options.now);
  const limiter = new RateLimiter(
    options.windows?.minuteMs ?? 60_000,
    options.windows?.dayMs ?? 86_400_000,
  );
  const bans = new BanPolicy(options.ban?.strikes ?? 3, options.ban?.durationMs ?? 600_000);
  const faults = new FaultInjector(
    options.faults ?? {},
    seededRandom(options.faultSeed ?? DEFAULT_FAULT_SEED),
  );
  const extensions = extensionsFrom(options);
  const storeOptions = { bigIds: options.bigIds ?? false, seed: options.seed ?? 36 };
  const store = PetStore.open(
    options.dataFile ? { ...storeOptions, dataFile: options.dataFile } : storeOptions,
  );
  return {
    api: loadOpenApi(),
    now,
    keys: new KeyRing(options.keys ?? DEMO_KEYS),
    limiter,
    bans,
    faults,
    extensions,
    idempotency: new IdempotencyStore(options.idempotencyTtlMs ?? 86_400_000),
    store,
    state: new LiveState({ store, faults, limiter, bans, extensions }),
    retryAfter: ONE_OF(
      'retryAfter',
      options.retryAfter,
      ['seconds', 'http-date', 'none'],
      'seconds',
    ),
    rateLimitBody: ONE_OF(
      'rateLimitBody',
      options.rateLimitBody,
      ['json', 'empty', 'text'],
      'json',
    ),
    log: options.log ?? false,
    closing: new AbortController(),
    requests: new WeakMap(),
  };
}
