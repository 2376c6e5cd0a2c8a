/**
 * The renderer's local database: one IndexedDB database per profile, named
 * `kennel-<profile>`, so an outbox entry or cached animal can never leak into
 * another profile's world.
 */
import Dexie, { liveQuery, type EntityTable, type Observable, type ObservabilitySet } from 'dexie';
import type { BridgeError } from '../../electron/contract/errors';
import type { NewPet, Pet } from '../../electron/contract/pet';
import type { ProfileName } from '../../electron/contract/profiles';
import type { IntakeRecord, StoredPhoto } from './intake-record';
import type { Category } from './category-list';
import type { HistoryEvent } from './history-event';
import { profileDbName } from './db-name';
import { pageIndexedDb } from './page-idb';
import { watchForLoss } from './storage-loss';
import { applySchema, LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS, type SchemaVersion } from './schema';

/** An animal in the cache: synced from the service, or pending in the outbox. */
export interface CachedPet {
  /** Service id for synced animals; `local:<uuid>` for pending ones. */
  key: string;
  /** Service id (decimal string) once known. */
  id: string | null;
  name: string;
  categoryId: string;
  status: string | null;
  /** 1 = waiting to sync (IndexedDB cannot index booleans). */
  pending: 0 | 1;
  /**
   * The outbox entry that made the animal: set on a pending row, and kept on
   * the service's record that replaces it (`completeEntry`) and across
   * refreshes, so open details follow it. Null for animals only fetched.
   */
  outboxId: string | null;
  /** List order: pending first by creation, then synced newest first. See `order.ts`. */
  order: string;
  updatedAt: number;
  /**
   * When this computer first saw the row (epoch ms, local clock); kept across
   * refreshes. Reconciliation tells an animal a lost create made from one that
   * was already known by it.
   */
  firstSeenAt: number;
  /**
   * The name folded for matching (`foldText`): with `categoryId`, what finds
   * an animal entered twice. Written with every row since schema 4.
   */
  nameKey?: string;
  /**
   * When staff typed the animal on this computer (epoch ms, local clock): its
   * outbox entry's `createdAt`, kept once the service's record replaces the
   * pending row and across refreshes. Absent for animals this computer only
   * fetched, so the duplicate warning never calls those "added here".
   */
  typedAt?: number;
  /**
   * When the service's ID arrived for an animal typed here (epoch ms, local
   * clock); kept across refreshes. Today's sends on the Overview count it.
   */
  sentAt?: number;
  /**
   * 1 while the animal's kennel card still has to be printed: its ID arrived
   * after intake, so any card printed then said "ID pending". Absent
   * otherwise, so the index holds only the cards to print.
   */
  cardDue?: 1;
  /**
   * 1 for an animal that came in through Import (its outbox entry had a
   * `batchId`), kept once the service's record replaces the pending row and
   * across refreshes; absent for one typed in the add form or only fetched.
   * The Overview counts the two apart.
   */
  imported?: 1;
  /**
   * The desk that took the animal in, when it was another one: its history
   * came with a desk file added here (`desk-take.ts`). Kept apart from
   * `typedAt`, so the Overview, the cards to print and the duplicate warning
   * still speak of this desk's own intake only.
   */
  otherDesk?: { label: string; typedAt: number };
}

/** Where an outbox entry is in its life. */
type OutboxState = 'queued' | 'sending' | 'needs-attention';

/** One animal waiting to be created on the service. */
export interface OutboxEntry {
  id: string;
  /** Creation order; replay follows it. Assigned inside the intake transaction. */
  seq: number;
  profile: ProfileName;
  payload: NewPet;
  /** Sent as `Idempotency-Key` on every attempt, across restarts. */
  idempotencyKey: string;
  /** Key of the pending row in `pets`. */
  localKey: string;
  state: OutboxState;
  attempts: number;
  lastError: BridgeError | null;
  createdAt: number;
  /** Epoch ms before which the entry is not retried (backoff that survives a restart). */
  nextAttemptAt: number;
  /** When the latest attempt was sent (set as it is claimed); absent before the first. */
  lastAttemptAt?: number;
  /**
   * When the earliest attempt whose outcome is unknown (sent, no answer) was
   * sent. The service keeps an idempotency record for a limited time only; past
   * it, a retry with the same key could create the animal twice.
   */
  outcomeUnknownAt?: number;
  /**
   * Not before this time (epoch ms) is the service searched for the animal of
   * an unknown outcome: a request the service may still be working on gets
   * time to land. "Sync now" never goes before it.
   */
  lookupAfter?: number;
  /**
   * Set on an entry handed to the user because Kennel could not tell whether a
   * lost attempt created the animal: the service's animals that could be it
   * (possibly none, when the service's list was cut short).
   */
  candidates?: Pet[];
  /**
   * Not sent before this time (epoch ms): the hold in which the animal can
   * still be taken back or corrected (`hold.ts`). Absent when there is none.
   */
  heldUntil?: number;
  /** Someone is correcting the animal: held until they save or cancel. */
  editing?: boolean;
  /** The entries of one import share it, so the whole import can be taken back at once. */
  batchId?: string;
}

/** A key/value row: sync status mirror, last sync time, requests between windows. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** A row that failed validation when read back, kept aside instead of dropped. */
export interface QuarantineRow {
  id?: number;
  table: string;
  row: unknown;
  problem: string;
  at: number;
}

/** Where the database lives; defaults to the page's own IndexedDB. */
export interface DbOptions {
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/** The typed Dexie database of one profile. */
export class KennelDb extends Dexie {
  pets!: EntityTable<CachedPet, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  quarantine!: EntityTable<QuarantineRow, 'id'>;
  categories!: EntityTable<Category, 'id'>;
  records!: EntityTable<IntakeRecord, 'key'>;
  photos!: EntityTable<StoredPhoto, 'key'>;
  history!: EntityTable<HistoryEvent, 'key'>;

  /**
   * @param name database name, `kennel-<profile>` in the app
   * @param versions schema versions to declare; tests pass an older prefix
   */
  constructor(
    name: string,
    options: DbOptions = {},
    versions: readonly SchemaVersion[] = SCHEMA_VERSIONS,
  ) {
    const dexieOptions: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {};
    const factory = options.indexedDB ?? pageIndexedDb();
    const newest = Math.max(0, ...versions.map((v) => v.version));
    // Without a factory Dexie reports the missing API itself.
    if (factory) dexieOptions.indexedDB = refusingNewer(factory, newest);
    if (options.IDBKeyRange) dexieOptions.IDBKeyRange = options.IDBKeyRange;
    super(name, dexieOptions);
    applySchema(this, versions);
  }

  // Dexie's static helpers, reached through the instance: this module is then
  // the only one that imports Dexie's code, so the rest of the app can be
  // fetched, and the first rows drawn, before Dexie is (see `data/layer.ts`).

  /** Dexie's `liveQuery`: `query` runs again after every write it depends on. */
  live<T>(query: () => Promise<T>): Observable<T> {
    return liveQuery(() => query().catch((err: unknown) => Promise.reject(openFailure(err))));
  }

  /** Runs `work` outside the current transaction, in one of its own. */
  outsideTransaction<T>(work: () => Promise<T>): Promise<T> {
    return Dexie.ignoreTransaction(work);
  }

  /**
   * Calls `listener` with the parts of every committed write, in this window
   * and in others (Dexie's `storagemutated`); returns the unsubscribe.
   */
  onStorageMutated(listener: (parts: ObservabilitySet) => void): () => void {
    Dexie.on('storagemutated', listener);
    return () => Dexie.on('storagemutated').unsubscribe(listener);
  }
}

/**
 * The reason a database would not open, when `err` is Dexie's report of it.
 * Every read after a failed open fails with `DatabaseClosedError` holding the
 * reason as `inner`, and `liveQuery` drops that name silently (it waits for a
 * reopen that, for a database a newer Kennel wrote, never comes): the screens
 * would show an empty list instead of saying why. A database closed on
 * purpose (a profile switch) has no reason and stays silent.
 */
function openFailure(err: unknown): unknown {
  if (!(err instanceof Dexie.DatabaseClosedError)) return err;
  const inner: unknown = (err as { inner?: unknown }).inner;
  return inner instanceof Error ? inner : err;
}

/**
 * The highest IndexedDB version a database of this build can have: Dexie
 * stores version n as n * 10, and repairs a schema it finds incomplete at
 * n * 10 + 1, + 2…; a newer build starts at (n + 1) * 10.
 */
export function highestNativeVersion(newestVersion: number = LATEST_SCHEMA_VERSION): number {
  return Math.round(newestVersion * 10) + 9;
}

/**
 * `factory` as Dexie gets it: an open that names no version asks for the
 * highest version this build's schema can have. Refused by a database a newer
 * build has upgraded (`VersionError`), Dexie 4 opens it again at whatever
 * version it has, and when an index this build declares is missing there it
 * adds it under a higher version number: this build would change a newer
 * build's database, then read and write it, before anyone could tell staff.
 * Asked at a version this build knows, the open fails with `VersionError`
 * instead, which the screens word as data written by a newer Kennel
 * (`storage-read.ts`). Each open is also watched for the browser saying it
 * emptied a damaged store (`storage-loss.ts`).
 */
function refusingNewer(factory: IDBFactory, newestVersion: number): IDBFactory {
  const highestNative = highestNativeVersion(newestVersion);
  const wrapped: Partial<IDBFactory> = {
    open: (name, version) => watchForLoss(factory.open(name, version ?? highestNative)),
    deleteDatabase: (name) => factory.deleteDatabase(name),
    cmp: (first, second) => factory.cmp(first, second),
  };
  // Only where it exists: without it Dexie keeps its own list of names.
  if (typeof factory.databases === 'function') wrapped.databases = () => factory.databases();
  return wrapped as IDBFactory;
}

// Keyed by factory too, so tests with an isolated IndexedDB get their own instance.
const defaultFactory = {};
const cache = new WeakMap<object, Map<ProfileName, KennelDb>>();

/**
 * The database of `profile`, opened lazily by Dexie on first use. One instance
 * per profile (and IndexedDB factory) is shared by every caller in the page.
 */
export function openProfileDb(profile: ProfileName, options: DbOptions = {}): KennelDb {
  const factoryKey: object = options.indexedDB ?? defaultFactory;
  let byProfile = cache.get(factoryKey);
  if (!byProfile) {
    byProfile = new Map();
    cache.set(factoryKey, byProfile);
  }
  const existing = byProfile.get(profile);
  if (existing) return existing;
  const db = new KennelDb(profileDbName(profile), options);
  byProfile.set(profile, db);
  return db;
}
