/**
 * Fresh, isolated databases for the renderer data tests: each call gets its own
 * in-memory IndexedDB (fake-indexeddb), so tests never see each other's rows.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ProfileName } from '../../../../electron/contract';
import { KennelDb, openProfileDb, type DbOptions } from '../../../../src/data/db';
import type { SchemaVersion } from '../../../../src/data/schema';

/** Options pointing Dexie at a brand-new in-memory IndexedDB. */
export function freshIdb(): Required<DbOptions> {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

/** A profile database in its own in-memory IndexedDB. */
export function freshProfileDb(profile: ProfileName = 'local', idb = freshIdb()): KennelDb {
  return openProfileDb(profile, idb);
}

/** A database declared with only `versions`, as an older build would have opened it. */
export function dbAtVersions(
  name: string,
  idb: Required<DbOptions>,
  versions: readonly SchemaVersion[],
): KennelDb {
  return new KennelDb(name, idb, versions);
}
