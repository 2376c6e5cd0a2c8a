/**
 * Public types of the reference Pet Adoption Service. Other parts of Kennel
 * (tests, launchers) code against these names; add, never rename.
 */

/** A rate-limit plan: requests allowed per minute window and per day window. */
export interface Plan {
  name: string;
  perMinute: number;
  perDay: number;
}

/** Faults injected to exercise clients. Every share is a probability 0..1. */
export interface Faults {
  /** Added before answering every request. */
  latencyMs?: number;
  /** Share of requests answered with a random one of {@link Faults.errorStatuses}, without effect. */
  errorRate?: number;
  /** Statuses used by {@link Faults.errorRate}; default `[500, 502, 503]`. */
  errorStatuses?: number[];
  /** Share of requests answered 429 (with `Retry-After`) regardless of the remaining budget. */
  rate429?: number;
  /** How long a 429 of {@link Faults.rate429} asks the client to wait, in ms; default 1 000. */
  rate429RetryMs?: number;
  /** Share of requests whose socket is destroyed before the request takes effect. */
  dropBeforeRate?: number;
  /**
   * Share of `POST /pets` where the animal IS created (and the idempotency record completed),
   * then the socket is destroyed without a response: the ambiguous outcome.
   */
  dropAfterCreateRate?: number;
  /**
   * Share of `POST /pets` where the animal IS created (and the idempotency record completed),
   * then the answer is one of {@link Faults.errorAfterCreateStatuses} with an Error body, as a
   * gateway in front of the service would answer: the client is told of a failure that did not
   * happen.
   */
  errorAfterCreateRate?: number;
  /** Statuses used by {@link Faults.errorAfterCreateRate} (500-599); default `[502, 504]`. */
  errorAfterCreateStatuses?: number[];
  /**
   * Share of `POST /pets` where the animal IS created (and the idempotency record completed),
   * then the answer is held for {@link Faults.slowAfterCreateMs}: a client whose timeout is
   * shorter gives up and never learns of the creation.
   */
  slowAfterCreateRate?: number;
  /** How long {@link Faults.slowAfterCreateRate} holds the answer, in real ms; default 30 000. */
  slowAfterCreateMs?: number;
  /**
   * Share of `POST /pets` where the animal IS created (and the idempotency record completed),
   * then the answer's status and headers go out and its body starts, but never ends: the
   * connection stays open until the service closes. A client that bounds only the wait for
   * headers waits for ever.
   */
  stallAfterCreateRate?: number;
  /**
   * Share of requests answered `200` with an HTML sign-in page (`text/html`), as a captive
   * portal in front of the service answers until someone accepts its terms. The service never
   * sees such a request: no key is checked, no rate limit spent, nothing stored.
   */
  portalRate?: number;
}

/** Options of {@link startReferenceService}. */
export interface ServiceOptions {
  /** Default `127.0.0.1`; a non-loopback host is refused unless {@link ServiceOptions.allowRemote}. */
  host?: string;
  /** Allows binding a non-loopback host. Off by default: the service is a local tool. */
  allowRemote?: boolean;
  /** Default 0: a random free port. */
  port?: number;
  /** API key to plan; default {@link DEMO_KEYS}. */
  keys?: Record<string, Plan>;
  /** Window lengths; default 60 000 and 86 400 000 ms. Tests shorten them. */
  windows?: { minuteMs?: number; dayMs?: number };
  /** Requests sent inside a given Retry-After window before a ban (default 3), and ban length (default 10 min). */
  ban?: { strikes?: number; durationMs?: number };
  /** How 429s carry `Retry-After`; default `'seconds'`. */
  retryAfter?: 'seconds' | 'http-date' | 'none';
  /** Body of 429s; default `'json'` (an Error body). */
  rateLimitBody?: 'json' | 'empty' | 'text';
  faults?: Faults;
  /**
   * Seed of the dice that decide which requests the {@link ServiceOptions.faults} strike, so a
   * run can be replayed; default 1, the same dice on every start.
   */
  faultSeed?: number;
  /** Ids (and seeded category ids) start above 2^53. */
  bigIds?: boolean;
  /** Number of demo animals seeded into an empty store; default 36; 0 for none. */
  seed?: number;
  /** Persists pets and the id counter as JSON across restarts (written atomically). */
  dataFile?: string;
  /**
   * Honours `Idempotency-Key` on `POST /pets` (IETF draft semantics: replay, 409, 422). Off by
   * default, as the specification shows no such header: the header is then ignored like any
   * unknown header, and a repeated POST creates another animal. An extension of the reference
   * service; see also {@link ServiceState.setIdempotency}.
   */
  idempotency?: boolean;
  /** How long idempotency records are kept; default 24 h. */
  idempotencyTtlMs?: number;
  /**
   * Sends `X-RateLimit-Daily-Limit/Remaining/Reset` with every answer. Off by default, as the
   * specification shows no such headers; the daily budget is enforced either way.
   */
  dailyHeaders?: boolean;
  /**
   * Pages `GET /pets` with an RFC 8288 `Link: </v1/pets?limit=N&cursor=C>; rel="next"` while more
   * animals match, and honours that `cursor`. Off by default, as the specification shows no
   * pagination beyond `limit`: `cursor` is then ignored like any unknown query parameter.
   */
  pagination?: boolean;
  /**
   * The service's clock in epoch ms; default `Date.now`. It drives rate-limit windows,
   * strikes and bans, idempotency retention, `Retry-After`, `X-RateLimit-*-Reset` and
   * `Date`, so tests can move time on instead of waiting. Latency faults stay real time.
   */
  now?: () => number;
  /** One line per request on stdout; default false. Never includes keys or the Authorization header. */
  log?: boolean;
}

/** One request as the service saw it. */
export interface RequestRecord {
  /** Arrival time, epoch ms. */
  at: number;
  method: string;
  /** Path without the query string. */
  path: string;
  /** `<plan>:<hash prefix>` for a known key (see `keyIdFor`), `anonymous` otherwise; never the raw key. */
  keyId: string;
  /** The `Idempotency-Key` header as sent, whether or not the service honours it. */
  idempotencyKey?: string;
  /** The answered status; 0 while still in flight; `'dropped'` when the socket was destroyed. */
  status: number | 'dropped';
}

/** Counters over every request since start (or the last {@link ServiceState.reset}). */
export interface ServiceStats {
  requests: number;
  created: number;
  rateLimited: number;
  bans: number;
  dropped: number;
  /** Creations answered with an injected error status ({@link Faults.errorAfterCreateRate}). */
  erroredAfterCreate: number;
  /** Creations whose answer was held ({@link Faults.slowAfterCreateRate}). */
  slowedAfterCreate: number;
  /** Creations whose answer's body never ended ({@link Faults.stallAfterCreateRate}). */
  stalledAfterCreate: number;
  /** Requests a sign-in page answered instead of the service ({@link Faults.portalRate}). */
  portalAnswers: number;
  byStatus: Record<number, number>;
}

/** An animal as stored: ids as bigint. */
export interface StoredPet {
  id: bigint;
  name: string;
  categoryId: bigint;
  status?: string;
}

/** Inspection and control of a running service. */
export interface ServiceState {
  /** Snapshot of the stored animals in id order. */
  pets(): StoredPet[];
  /** Every request in arrival order. */
  requests: RequestRecord[];
  stats: ServiceStats;
  /** Replaces the faults at run time. */
  setFaults(f: Faults): void;
  /**
   * Turns {@link ServiceOptions.idempotency} on or off at run time. Records made while it was on
   * are kept (until they expire) but not consulted while it is off.
   */
  setIdempotency(on: boolean): void;
  /** Clears requests, stats, rate-limit windows, strikes and bans; keeps animals and idempotency records. */
  reset(): void;
}

/** A running reference service. */
export interface ReferenceService {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:43123/v1`. */
  url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:43123`. */
  origin: string;
  port: number;
  state: ServiceState;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}
