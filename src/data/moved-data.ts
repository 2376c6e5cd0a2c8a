/**
 * Writes back what an earlier Kennel kept on its old `file://` origin, before
 * anything on this origin opens a database or reads a choice (see
 * `electron/contract/moved-data.ts`). Only the desktop app offers it
 * (`window.kennelMovedData`); browser mode never moved.
 *
 * Only what an earlier Kennel kept is written (`moved-checks.ts`): its
 * profiles' databases, at versions this build can open, and the choices it
 * kept; anything else is left out. Each database goes through a copy opened
 * as Kennel opens any older one (`moved-upgrade.ts`), so its rows are brought
 * up to this schema and checked before any reaches the profile: a row that
 * fails goes to the quarantine. Nothing is overwritten: a database this
 * origin already has (the move failed at a first start and the desk went on
 * working) gets only the records it lacks, in one transaction; a choice
 * already made here is kept. The move is declared over only once everything
 * is written; otherwise it runs again at the next start and skips each
 * database it wrote already.
 */
import type { MovedData, MovedDataApi } from '../../electron/contract/moved-data';
import type { PageStorage } from '../browser/page-storage';
import type { DbOptions } from './db';
import { isMovedStorageKey, movedDatabaseFate } from './moved-checks';
import { addMissingUpgraded } from './moved-upgrade';

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
 * is kept. True when all of it is here or left out; false when a database
 * must wait for a build that can read it (one written by a newer schema than
 * this one's): it is never created here at a version this build cannot open.
 */
async function writeMovedData(
  data: MovedData,
  options: Required<DbOptions>,
  storage: PageStorage,
): Promise<boolean> {
  const written = writtenBefore(storage);
  let complete = true;
  for (const moved of data.databases) {
    if (written.has(moved.name)) continue;
    const fate = movedDatabaseFate(moved);
    if (fate === 'leave-out') continue;
    if (fate === 'newer') {
      complete = false;
      continue;
    }
    await addMissingUpgraded(moved, options);
    written.add(moved.name);
    storage?.setItem(WRITTEN_KEY, JSON.stringify([...written]));
  }
  for (const [key, value] of data.localStorage) {
    if (!isMovedStorageKey(key)) continue;
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
