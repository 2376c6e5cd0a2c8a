import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { NewPet, ProfileName } from '../../../electron/contract';
import { createFileKeyStore, createKennelCore } from '../../../electron/core/index';
import { loadSyncModules, type DbOptions, type SyncEngine } from '../lib/sync-modules';
import { apiOverCore } from './core-api';

const PROFILE: ProfileName = 'local';
// A drain that makes no progress for this long is reported as stuck rather
// than waited on forever.
const STALL_MS = 120_000;
// How often the outbox is checked for the end of the drain; it bounds the
// error of the measured duration (a 600-entry drain takes about a minute).
const POLL_MS = 50;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Outcome of draining the queue through the app's own sync path. */
export interface EngineDrainOutcome {
  durationMs: number;
  /** Entries left waiting or needing attention when the drain stopped. */
  left: number;
}

/**
 * Queues `queue` with the app's own intake (fake-indexeddb), then replays the
 * outbox with the real sync engine over the real Kennel core until nothing is
 * waiting. Only the replay is timed. There is one replayer (`locks: null`), as
 * when a single window is open.
 */
export async function engineDrain(
  serviceUrl: string,
  key: string,
  queue: readonly NewPet[],
): Promise<EngineDrainOutcome> {
  const { db: dbModule, outbox: intake, engine: engineModule } = await loadSyncModules();
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-bench-drain-'));
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: 'bench',
    env: { KENNEL_LOCAL_URL: serviceUrl, KENNEL_LOCAL_KEY: key },
  });
  const dbOptions: DbOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
  const db = dbModule.openProfileDb(PROFILE, dbOptions);
  let engine: SyncEngine | null = null;
  try {
    for (const pet of queue) {
      const queued = await intake.enqueueIntake(db, PROFILE, pet);
      if (!queued.ok) throw new Error(`intake refused ${pet.name}`);
    }
    engine = engineModule.createSyncEngine({
      profile: PROFILE,
      db,
      api: apiOverCore(core),
      locks: null,
    });

    // As the app does: start the engine and let it replay on its own.
    const started = performance.now();
    engine.start();
    let waiting = await intake.waitingCount(db);
    let lastProgress = started;
    while (waiting > 0 && performance.now() - lastProgress < STALL_MS) {
      await sleep(POLL_MS);
      const now = await intake.waitingCount(db);
      if (now < waiting) lastProgress = performance.now();
      waiting = now;
    }
    const durationMs = performance.now() - started;
    return { durationMs, left: (await intake.readOutbox(db)).length };
  } finally {
    await engine?.stop();
    dbModule.closeProfileDb(PROFILE, dbOptions);
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
