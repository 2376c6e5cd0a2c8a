/**
 * Writes back what an earlier Kennel kept on its old `file://` origin, before
 * anything on this origin opens a database or reads a choice (see
 * `electron/contract/moved-data.ts`). Only the desktop app offers it
 * (`window.kennelMovedData`); browser mode never moved.
 *
 * Each database is written in the transaction that creates it, so it arrives
 * whole or not at all. Nothing is overwritten: a database this origin already
 * has (the move failed at a first start and the desk went on working) gets
 * only the records it lacks, after an older schema's rows are brought up to
 * this one (`moved-upgrade.ts`); a choice already made here is kept. The move is declared
 * over only once everything is written; otherwise it runs again at the next
 * start and skips each database it wrote already.
 */
import { PROFILES } from '../../electron/contract';
import type { MovedData, MovedDataApi } from '../../electron/contract/moved-data';
import type { PageStorage } from '../browser/page-storage';
import type { DbOptions } from './db';
import { profileDbName } from './db-name';
import { addMissing, createDatabase } from './moved-idb';
import { addMissingUpgraded } from './moved-upgrade';

const PROFILE_DBS = new Set<string>(PROFILES.map(profileDbName));

/**
 * `localStorage` key of the databases already written back. A database is
 * written once: were it merged again after the desk had sent and let go of
 * some of its queue, those animals would come back and be sent twice.
 */
const WRITTEN_KEY = 'kennel.movedDatabases';

function writtenBefore(storage: PageStorage): Set<string> {
  try {
    const list: unknown = JSON.parse(storage?.getItem(WRITTEN_KEY) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((n) => typeof n === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Writes `data` into this origin's storage; see the module's comment for what
 * is kept. True when all of it is here; false when a database must wait for a
 * build that can read it (one written by a newer schema than this one's).
 */
export async function writeMovedData(
  data: MovedData,
  options: Required<DbOptions>,
  storage: PageStorage,
): Promise<boolean> {
  const idb = options.indexedDB;
  const written = writtenBefore(storage);
  const here = new Map((await idb.databases()).map((info) => [info.name, info.version]));
  let complete = true;
  for (const moved of data.databases) {
    if (written.has(moved.name)) continue;
    const version = here.get(moved.name);
    if (version === undefined) await createDatabase(idb, moved);
    else if (version === moved.version) await addMissing(idb, moved);
    else if (version > moved.version && PROFILE_DBS.has(moved.name)) {
      await addMissingUpgraded(moved, options);
    } else {
      complete = false;
      continue;
    }
    written.add(moved.name);
    storage?.setItem(WRITTEN_KEY, JSON.stringify([...written]));
  }
  for (const [key, value] of data.localStorage) {
    if (storage !== null && storage.getItem(key) === null) storage.setItem(key, value);
  }
  return complete;
}

/**
 * Takes what the main process keeps from the old origin, writes it here and
 * says so. Never throws: a move that fails, or waits for a newer build, is
 * tried again at the next start, skipping each database already written.
 */
export async function restoreMovedData(
  source: MovedDataApi,
  options: Required<DbOptions>,
  storage: PageStorage,
): Promise<void> {
  try {
    const data = await source.take();
    if (data === null) return;
    if (await writeMovedData(data, options, storage)) await source.stored();
  } catch {
    // Each database is whole or absent, and marked once written: the next start goes on from here.
  }
}
