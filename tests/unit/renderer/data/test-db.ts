/**
 * Fresh, isolated databases for the renderer data tests: each call gets its own
 * in-memory IndexedDB (fake-indexeddb), so tests never see each other's rows.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ProfileName } from '../../../../electron/contract/profiles';
import { KennelDb, openProfileDb, type DbOptions } from '../../../../src/data/db';
import { saveHoldSeconds } from '../../../../src/data/hold';
import type { SchemaVersion } from '../../../../src/data/schema';

/** Options pointing Dexie at a brand-new in-memory IndexedDB. */
export function freshIdb(): Required<DbOptions> {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

/**
 * A profile database in its own in-memory IndexedDB, with no hold before
 * sending unless `holdSeconds` says otherwise: most tests are not about the
 * hold. It is set the way Settings sets it, and IndexedDB runs that write
 * before any transaction the test starts after this returns.
 */
export function freshProfileDb(
  profile: ProfileName = 'local',
  idb = freshIdb(),
  holdSeconds = 0,
): KennelDb {
  const db = openProfileDb(profile, idb);
  void saveHoldSeconds(db, holdSeconds);
  return db;
}

/** A database declared with only `versions`, as an older build would have opened it. */
export function dbAtVersions(
  name: string,
  idb: Required<DbOptions>,
  versions: readonly SchemaVersion[],
): KennelDb {
  return new KennelDb(name, idb, versions);
}

/**
 * Closes the connection to `profile`'s database in `idb`, as leaving the page
 * would; the shared instance opens it again on its next read or write.
 */
export function closeDb(profile: ProfileName, idb: Required<DbOptions>): void {
  openProfileDb(profile, idb).close({ disableAutoOpen: false });
}
