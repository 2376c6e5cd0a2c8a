/**
 * Where the one-time move of the old `file://` origin's storage stands, kept
 * in the app's data folder so that it survives restarts and crashes:
 * - the marker ({@link MOVE_MARKER}) says the move is over and never runs again;
 * - the pending file ({@link MOVED_DATA_FILE}) holds what the old origin held,
 *   until the app has written it back on its own origin.
 */
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import {
  isMovedData,
  isNothingMoved,
  MOVED_DATA_MAX_BYTES,
  type MovedData,
} from '../contract/moved-data';
import { writeFileAtomic } from '../core/fs/atomic-write';
import { APP_ORIGIN } from './app-scheme';

/** Present once the move is over. */
const MOVE_MARKER = 'origin-moved.json';

/**
 * What was read from the old origin. V8's serialization, as IPC's structured
 * clone, keeps the Dates, typed arrays and Maps records may hold; JSON would not.
 */
const MOVED_DATA_FILE = 'moved-data.bin';

/** Warning code under which a pending file that could not be read is reported. */
const UNREADABLE_WARNING = 'KENNEL_MOVED_DATA_UNREADABLE';

export type MoveState = 'done' | 'pending' | 'not-started';

/** The marker wins: once it is written, a pending file left beside it is stale. */
export async function moveState(dir: string): Promise<MoveState> {
  if (await exists(join(dir, MOVE_MARKER))) return 'done';
  if (await exists(join(dir, MOVED_DATA_FILE))) return 'pending';
  return 'not-started';
}

/**
 * Keeps what the old origin held until the app takes it. When it held
 * nothing, there is nothing to write back: the move is over at once. Data
 * larger than the pending file may be is refused (thrown), never kept.
 */
export async function keepMoved(
  dir: string,
  data: MovedData,
  now = Date.now,
  maxBytes = MOVED_DATA_MAX_BYTES,
): Promise<void> {
  if (isNothingMoved(data)) {
    await writeMarker(dir, now());
    return;
  }
  const bytes = serialize(data);
  // A file the next start would refuse unread is not written: each start would set another aside.
  if (bytes.length > maxBytes) {
    throw new RangeError(`The old origin's data is larger than ${maxBytes} bytes.`);
  }
  await writeFileAtomic(join(dir, MOVED_DATA_FILE), bytes);
  await syncDir(dir);
}

/**
 * What waits to be written back, or null when nothing does. The file's size
 * is checked before it is read, and what it holds is checked
 * ({@link isMovedData}) before anything else is done with it, so no file
 * holds the main process up for more than a moment. A pending file larger
 * than {@link MOVED_DATA_MAX_BYTES}, or that does not read back as
 * {@link MovedData}, is never deleted: it is set
 * aside under a name that says so (`moved-data.unreadable-<time>.bin`), kept
 * for support, and reported as a process warning; with it out of the way the
 * move starts over at the next start, from the old origin, which still holds
 * everything. A file the disk cannot read right now stays where it is and the
 * error is thrown, so nothing is declared over. A stale file beside the marker
 * was written back already and is removed.
 */
export async function takeMoved(dir: string, now = Date.now): Promise<MovedData | null> {
  const path = join(dir, MOVED_DATA_FILE);
  if (await exists(join(dir, MOVE_MARKER))) {
    await rm(path, { force: true });
    return null;
  }
  const bytes = await readCapped(path);
  if (bytes === null) return null;
  const data = bytes === TOO_LARGE ? null : decode(bytes);
  if (data !== null) return data;
  const aside = join(dir, `moved-data.unreadable-${now()}.bin`);
  await rename(path, aside);
  const why = bytes === TOO_LARGE ? 'was too large to read' : 'could not be read';
  process.emitWarning(`Moved data ${why} and was kept as ${aside}.`, {
    code: UNREADABLE_WARNING,
  });
  return null;
}

const TOO_LARGE = Symbol('too large');

/**
 * The file's bytes, read only when its size is within the cap; null when
 * there is no file. No more than the size first seen is read, whatever the
 * file does meanwhile.
 */
async function readCapped(path: string): Promise<Buffer | typeof TOO_LARGE | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size > MOVED_DATA_MAX_BYTES) return TOO_LARGE;
    const bytes = Buffer.alloc(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/**
 * Declares the move over. The marker is written and flushed first, then the
 * pending file removed: a crash in between leaves a stale file, never a
 * second move.
 */
export async function finishMove(dir: string, now = Date.now): Promise<void> {
  await writeMarker(dir, now());
  await rm(join(dir, MOVED_DATA_FILE), { force: true });
}

async function writeMarker(dir: string, at: number): Promise<void> {
  await writeFileAtomic(join(dir, MOVE_MARKER), `${JSON.stringify({ to: APP_ORIGIN, at })}\n`);
  await syncDir(dir);
}

function decode(bytes: Buffer): MovedData | null {
  try {
    const value: unknown = deserialize(bytes);
    return isMovedData(value) ? value : null;
  } catch {
    return null;
  }
}

/** Makes a rename in `dir` durable before anything that relies on it. */
async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder to flush it; NTFS journals the rename itself.
  } finally {
    await handle?.close();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
