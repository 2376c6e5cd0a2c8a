/**
 * The renderer's data layer and sync engine as the Node benchmarks load them
 * (the drain and several desks): the few shapes they use, typed here once.
 */
import type { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { KennelApi } from '../../../electron/contract/bridge';
import type { NewPet } from '../../../electron/contract/pet';
import type { ProfileName } from '../../../electron/contract/profiles';
import { loadRendererModule } from './load-renderer-module';

/** A profile database (a Dexie instance), opaque to the benchmarks but for closing it. */
interface Db {
  close(): void;
}

/** Where a benchmark's databases live: fake-indexeddb, one factory per desk. */
export interface DbOptions {
  indexedDB: InstanceType<typeof IDBFactory>;
  IDBKeyRange: typeof IDBKeyRange;
}

interface DbModule {
  openProfileDb(profile: ProfileName, options: DbOptions): Db;
}

interface OutboxModule {
  enqueueIntake(
    db: Db,
    profile: ProfileName,
    pet: NewPet,
  ): Promise<{ localKey: string; outboxId: string }>;
  waitingCount(db: Db): Promise<number>;
  readOutbox(db: Db): Promise<{ state: string; nextAttemptAt: number }[]>;
}

interface HoldModule {
  saveHoldSeconds(db: Db, seconds: number): Promise<number>;
}

interface SyncEngine {
  start(): void;
  stop(): Promise<void>;
}

interface EngineModule {
  createSyncEngine(options: {
    profile: ProfileName;
    db: Db;
    api: KennelApi;
    locks: null;
  }): SyncEngine;
}

/** The modules a benchmark drains with. */
export interface SyncModules {
  db: DbModule;
  hold: HoldModule;
  outbox: OutboxModule;
  engine: EngineModule;
}

/** Loads the renderer's database, hold, outbox and sync engine for Node. */
export async function loadSyncModules(): Promise<SyncModules> {
  const [db, hold, enqueue, reads, engine] = await Promise.all([
    loadRendererModule<DbModule>('src/data/db.ts', ['openProfileDb']),
    loadRendererModule<HoldModule>('src/data/hold.ts', ['saveHoldSeconds']),
    loadRendererModule<Pick<OutboxModule, 'enqueueIntake'>>('src/data/enqueue.ts', [
      'enqueueIntake',
    ]),
    loadRendererModule<Omit<OutboxModule, 'enqueueIntake'>>('src/data/outbox-reads.ts', [
      'waitingCount',
      'readOutbox',
    ]),
    loadRendererModule<EngineModule>('src/sync/engine.ts', ['createSyncEngine']),
  ]);
  return { db, hold, outbox: { ...enqueue, ...reads }, engine };
}
