/**
 * A reference Pet Adoption Service on a random loopback port with the real
 * Kennel core in front of it, for tests of renderer code that talks to the
 * bridge. Its interface uses only plain and contract types, so renderer tests
 * (typechecked without Node's types) can load it at run time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KennelApi } from '../../electron/contract/bridge';
import type { Pet } from '../../electron/contract/pet';
import { createKennelCore } from '../../electron/core/index';
import { startReferenceService, type Faults, type ServiceOptions } from '../../server/index';
import { apiOverCore } from '../bench/drain/core-api';
import { createFileKeyStore } from './file-key-store';

/** What a renderer test sees of the pair. */
export interface ServiceWithCore {
  /** The bridge API as the renderer gets it, answered by the real core. */
  api: KennelApi;
  /** The animals the service stores, in id order, ids as decimal strings. */
  storedPets(): Pet[];
  /** How many create requests reached the service (dropped ones included). */
  createRequests(): number;
  /** The `Idempotency-Key` of each create request, in arrival order. */
  createKeys(): (string | null)[];
  /** How many creations each after-create fault struck (the animal exists; the client never heard). */
  faultsStruck(): { dropped: number; errored: number; slowed: number; stalled: number };
  /** How many requests a sign-in page answered instead of the service. */
  portalAnswers(): number;
  setFaults(faults: Faults): void;
  close(): Promise<void>;
}

export interface ServiceWithCoreOptions {
  faults?: Faults;
  /** Other options of the reference service (its extensions are off by default, as in the spec). */
  service?: Omit<ServiceOptions, 'port' | 'faults'>;
  /** Longest a single bridge call may take; short so dropped requests fail fast. */
  deadlineMs?: number;
}

/** Starts the pair; `close()` stops both and removes the temporary data folder. */
export async function startServiceWithCore(
  options: ServiceWithCoreOptions = {},
): Promise<ServiceWithCore> {
  const service = await startReferenceService({
    seed: 0,
    ...options.service,
    port: 0,
    faults: options.faults ?? {},
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-sync-test-'));
  const deadlineMs = options.deadlineMs ?? 2_000;
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: 'test',
    env: { KENNEL_LOCAL_URL: service.url, KENNEL_LOCAL_KEY: 'kennel-demo-pro' },
    attemptTimeoutMs: Math.min(1_000, deadlineMs),
    deadlineMs,
  });
  return {
    api: apiOverCore(core),
    storedPets: () =>
      service.state.pets().map((p) => {
        const pet: Pet = { id: p.id.toString(), name: p.name, categoryId: p.categoryId.toString() };
        if (p.status !== undefined) pet.status = p.status;
        return pet;
      }),
    createRequests: () =>
      service.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets')).length,
    createKeys: () =>
      service.state.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith('/pets'))
        .map((r) => r.idempotencyKey ?? null),
    faultsStruck: () => ({
      // Every dropped connection: with only `dropAfterCreateRate` set, each one followed a creation.
      dropped: service.state.stats.dropped,
      errored: service.state.stats.erroredAfterCreate,
      slowed: service.state.stats.slowedAfterCreate,
      stalled: service.state.stats.stalledAfterCreate,
    }),
    portalAnswers: () => service.state.stats.portalAnswers,
    setFaults: (faults) => service.state.setFaults(faults),
    async close() {
      await core.close();
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
