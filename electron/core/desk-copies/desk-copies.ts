/**
 * The automatic copies of the desk file, kept in `<dataDir>/desk-copies/`:
 * one a day (a later copy the same day, as the one made at quit, replaces
 * the day's earlier one), the newest {@link DESK_COPIES_KEPT} days kept.
 * The window makes the file; this only stores it and hands it back. The
 * copies hold records naming finders and owners, so they are written for
 * this user alone (0600, in a 0700 folder).
 */
import { chmod, lstat, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DESK_COPIES_KEPT,
  DESK_COPY_MAX_BYTES,
  type DeskCopyInfo,
} from '../../contract/desk-copies';
import { writeFileAtomic, type AtomicWriteOptions } from '../fs/atomic-write';
import { COPIES_FOLDER, copyName, dayOfCopy, localDay } from './copy-names';

/** Writes one file whole or not at all; {@link writeFileAtomic} unless a test fails it. */
export type CopyWriter = (
  path: string,
  data: Uint8Array,
  options: AtomicWriteOptions,
) => Promise<void>;

/** Raised for a copy larger than the desk file may be; nothing is written. */
class DeskCopyTooLargeError extends RangeError {
  override name = 'DeskCopyTooLargeError';

  constructor(bytes: number) {
    super(`A desk copy of ${bytes} bytes is over the ${DESK_COPY_MAX_BYTES}-byte limit.`);
  }
}

/** The copies of one data folder. */
export interface DeskCopies {
  /**
   * Keeps `bytes` as the copy of `now`'s local day, then deletes the copies
   * beyond the newest {@link DESK_COPIES_KEPT} days. Throws when it could not
   * be written; the copies already kept are then as they were.
   */
  keep(bytes: Uint8Array, now: number): Promise<DeskCopyInfo>;
  /** The copies kept, newest first. */
  list(): Promise<DeskCopyInfo[]>;
  /** One copy's bytes, or null for a name that is not a kept copy's. */
  read(name: unknown): Promise<Uint8Array | null>;
  /** Whether the copy of `day` (`YYYY-MM-DD`) is there. */
  hasCopyFor(day: string): Promise<boolean>;
  /** Whether a copy is wanted now: none was kept yet on `now`'s local day. */
  dueNow(now: number): Promise<boolean>;
}

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

export function createDeskCopies(dataDir: string, write: CopyWriter = writeFileAtomic): DeskCopies {
  const folder = join(dataDir, COPIES_FOLDER);
  // One copy at a time: a daily copy still being written never races the one made at quit.
  let queue: Promise<unknown> = Promise.resolve();

  async function copyFile(name: string): Promise<DeskCopyInfo | null> {
    try {
      const stats = await lstat(join(folder, name));
      // A folder or a link under a copy's name is not a copy this module wrote.
      if (!stats.isFile()) return null;
      return { name, savedAt: stats.mtimeMs, bytes: stats.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function copyNames(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    // A copy's day sorts as its text: the newest first.
    return names.filter((name) => dayOfCopy(name) !== null).sort((a, b) => (a < b ? 1 : -1));
  }

  async function prune(): Promise<void> {
    for (const name of (await copyNames()).slice(DESK_COPIES_KEPT)) {
      try {
        await rm(join(folder, name), { force: true });
      } catch {
        // The new copy is written; an old one left over is deleted at the next copy.
      }
    }
  }

  async function keepNow(bytes: Uint8Array, now: number): Promise<DeskCopyInfo> {
    if (bytes.byteLength > DESK_COPY_MAX_BYTES) throw new DeskCopyTooLargeError(bytes.byteLength);
    const name = copyName(localDay(now));
    await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
    // `mkdir`'s mode only applies to a folder it creates: one left looser is tightened.
    if (process.platform !== 'win32') await chmod(folder, FOLDER_MODE);
    await write(join(folder, name), bytes, { mode: FILE_MODE, dirMode: FOLDER_MODE });
    await prune();
    const info = await copyFile(name);
    if (info === null) throw new Error(`The desk copy ${name} was not there once written.`);
    return info;
  }

  const copies: DeskCopies = {
    keep(bytes, now) {
      const kept = queue.then(() => keepNow(bytes, now));
      queue = kept.catch(() => undefined);
      return kept;
    },
    async list() {
      const infos = await Promise.all((await copyNames()).map(copyFile));
      return infos.filter((info): info is DeskCopyInfo => info !== null);
    },
    async read(name) {
      if (dayOfCopy(name) === null) return null;
      const info = await copyFile(name as string);
      if (info === null || info.bytes > DESK_COPY_MAX_BYTES) return null;
      try {
        const bytes = await readFile(join(folder, info.name));
        // A plain Uint8Array of exactly the file: IPC copies a view's whole buffer, not the view.
        const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        return whole ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async hasCopyFor(day) {
      const name = copyName(day);
      return dayOfCopy(name) !== null && (await copyFile(name)) !== null;
    },
    async dueNow(now) {
      return !(await copies.hasCopyFor(localDay(now)));
    },
  };
  return copies;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
