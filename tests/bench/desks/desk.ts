import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { NewPet } from '../../../electron/contract/pet';
import type { ProfileName } from '../../../electron/contract/profiles';
import { createKennelCore } from '../../../electron/core/index';
import { apiOverCore } from '../drain/core-api';
import { loadSyncModules, type DbOptions, type SyncModules } from '../lib/sync-modules';
import { createFileKeyStore } from '../../helpers/file-key-store';

/** The renderer modules a desk runs, loaded once for all desks. */
export type DeskModules = SyncModules;

/** Loads the renderer's data layer and sync engine for Node. */
export const loadDeskModules = loadSyncModules;

const PROFILE: ProfileName = 'local';

/**
 * One computer of the shelter: its own data folder and Kennel core (so its own
 * governor for the shared key), its own IndexedDB (fake-indexeddb) and outbox,
 * and the renderer's real sync engine wired straight to the core.
 */
export interface Desk {
  /** Takes `animals` in with the app's own intake; nothing is sent yet. */
  queue(animals: readonly NewPet[]): Promise<void>;
  /** Starts the sync engine, as the app does when the window opens. */
  start(): void;
  waiting(): Promise<number>;
  /** Entries still in the outbox, waiting or needing attention. */
  left(): Promise<number>;
  close(): Promise<void>;
}

export async function openDesk(
  modules: DeskModules,
  serviceUrl: string,
  key: string,
): Promise<Desk> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-bench-desk-'));
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: 'bench',
    env: { KENNEL_LOCAL_URL: serviceUrl, KENNEL_LOCAL_KEY: key },
  });
  const dbOptions: DbOptions = { indexedDB: new IDBFactory(), IDBKeyRange };
  const db = modules.db.openProfileDb(PROFILE, dbOptions);
  // The hold before sending is staff's moment to catch a mistake, not part
  // of the drain: the animals are queued as if it had passed.
  await modules.hold.saveHoldSeconds(db, 0);
  const engine = modules.engine.createSyncEngine({
    profile: PROFILE,
    db,
    api: apiOverCore(core),
    locks: null,
  });
  return {
    async queue(animals) {
      for (const pet of animals) {
        await modules.outbox.enqueueIntake(db, PROFILE, pet);
      }
    },
    start: () => engine.start(),
    waiting: () => modules.outbox.waitingCount(db),
    left: async () => (await modules.outbox.readOutbox(db)).length,
    async close() {
      await engine.stop();
      db.close();
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
