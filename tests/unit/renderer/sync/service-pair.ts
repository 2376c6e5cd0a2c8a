/**
 * The reference service with the real core in front of it, as the renderer's
 * sync tests see it. The pair is Node code (`tests/helpers/service-with-core.ts`),
 * which this browser-typed project must not import statically: these are the
 * parts it uses, and the pair is loaded at run time.
 */
import type { Pet } from '../../../../electron/contract/pet';
import type { EngineApi } from './scripted-api';
import { testSeed } from '../support/seed';

/** Faults of the reference service used by these tests. Every share is 0..1. */
export interface PairFaults {
  /** Added before every answer; a create is made after it. */
  latencyMs?: number;
  /** The connection is dropped before the request takes effect (any request). */
  dropBeforeRate?: number;
  /** The animal is created, then the connection is dropped without an answer. */
  dropAfterCreateRate?: number;
  /** The animal is created, then a gateway's error status is answered instead. */
  errorAfterCreateRate?: number;
  errorAfterCreateStatuses?: number[];
  /** The animal is created, then the answer is held this long. */
  slowAfterCreateRate?: number;
  slowAfterCreateMs?: number;
  /** The animal is created, then the answer's body starts and never ends. */
  stallAfterCreateRate?: number;
  /** A Wi-Fi sign-in page answers `200` and HTML instead of the service. */
  portalRate?: number;
}

export interface ServiceWithCore {
  api: EngineApi;
  /** The animals the service stores, in id order. */
  storedPets(): Pet[];
  /** How many create requests reached the service. */
  createRequests(): number;
  /** The `Idempotency-Key` of each create request, in arrival order. */
  createKeys(): (string | null)[];
  /** How many creations each after-create fault struck. */
  faultsStruck(): { dropped: number; errored: number; slowed: number; stalled: number };
  /** How many requests the sign-in page answered instead of the service. */
  portalAnswers(): number;
  setFaults(faults: PairFaults): void;
  close(): Promise<void>;
}

export interface PairOptions {
  faults?: PairFaults;
  service?: {
    /** Honour `Idempotency-Key` (an extension; the spec shows no such header). */
    idempotency?: boolean;
    /** Demo animals in the store at start; 0 by default. */
    seed?: number;
    /** `Link` pages on `GET /pets` (an extension; the spec shows no pagination). */
    pagination?: boolean;
    /** Rate-limit window lengths; {@link PAIR_WINDOWS} by default. */
    windows?: { minuteMs?: number; dayMs?: number };
    /** Seed of the dice of the faults; the running test's own (see `testSeed`) by default. */
    faultSeed?: number;
  };
  /** Longest single bridge call; the core's attempt timeout is at most this. */
  deadlineMs?: number;
}

interface HelperModule {
  startServiceWithCore(options?: PairOptions): Promise<ServiceWithCore>;
}

let loaded: Promise<HelperModule> | null = null;

/**
 * The service's windows unless a test says otherwise: the core's plan (Pro,
 * 300 requests a window) in a "minute" of 3 s. Where the core paces a window
 * it sees others spend from (a request the service counted but whose answer
 * was lost looks like that), it then spaces requests 10 ms apart rather than
 * 200 ms: the same decisions, twenty times sooner.
 */
const PAIR_WINDOWS = { minuteMs: 3_000 };

/** Starts a service and a core in front of it; `close()` stops both. */
export async function startServiceWithCore(options: PairOptions = {}): Promise<ServiceWithCore> {
  const url = new URL('../../../helpers/service-with-core.ts', import.meta.url).href;
  loaded ??= import(/* @vite-ignore */ url) as Promise<HelperModule>;
  return (await loaded).startServiceWithCore({
    ...options,
    service: { windows: PAIR_WINDOWS, faultSeed: testSeed(), ...options.service },
  });
}
