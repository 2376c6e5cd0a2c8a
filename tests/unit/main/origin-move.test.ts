import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOVED_DATA_MAX_BYTES, type MovedData } from '../../../electron/contract/moved-data';

/** Writes, removals and reads as they reach the disk, and the ones made to fail. */
const disk = vi.hoisted(() => ({
  log: [] as string[],
  failRenameTo: null as string | null,
  failRm: null as string | null,
  /** Reads of this file fail (a file too large to read in a test), after being logged. */
  failRead: null as string | null,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const failure = () => Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
  const reading = (name: string) => {
    disk.log.push(`read ${name}`);
    if (name === disk.failRead) throw failure();
  };
  return {
    ...real,
    readFile: async (...args: Parameters<typeof real.readFile>) => {
      reading(basename(String(args[0])));
      return real.readFile(...args);
    },
    // Every read through a handle is logged too: the file is read whichever way it is read.
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      const name = basename(String(args[0]));
      return new Proxy(handle, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          const method = value as (...a: unknown[]) => unknown;
          if (typeof property === 'string' && /^read|^createReadStream$/.test(property)) {
            return (...a: unknown[]) => {
              reading(name);
              return method.apply(target, a);
            };
          }
          return method.bind(target);
        },
      });
    },
    rename: async (from: string, to: string) => {
      if (disk.failRenameTo !== null && basename(to) === disk.failRenameTo) throw failure();
      await real.rename(from, to);
      disk.log.push(`rename ${basename(to)}`);
    },
    rm: async (path: string, options?: Parameters<typeof real.rm>[1]) => {
      if (disk.failRm !== null && basename(path) === disk.failRm) throw failure();
      await real.rm(path, options);
      disk.log.push(`rm ${basename(path)}`);
    },
  };
});

const { finishMove, keepMoved, moveState, takeMoved } =
  await import('../../../electron/main/origin-move');

// The names in the data folder, the same in every Kennel that may find them there.
/** Present once the move is over. */
const MOVE_MARKER = 'origin-moved.json';
/** What was read from the old origin, until the app has written it back. */
const MOVED_DATA_FILE = 'moved-data.bin';
/** The warning's code when a pending file could not be read. */
const UNREADABLE_WARNING = 'KENNEL_MOVED_DATA_UNREADABLE';

const AT = 1_760_000_000_000;
const now = () => AT;

/** A desk's queue as IndexedDB hands it out: records with Dates, bytes and a Map. */
function queued(): MovedData {
  return {
    databases: [
      {
        name: 'kennel-local',
        version: 30,
        stores: [
          {
            name: 'outbox',
            keyPath: 'id',
            autoIncrement: false,
            indexes: [
              { name: 'by-created', keyPath: 'createdAt', unique: false, multiEntry: false },
            ],
            keys: ['op-1'],
            values: [
              {
                id: 'op-1',
                createdAt: new Date('2025-03-01T08:30:00.000Z'),
                photo: new Uint8Array([1, 2, 3]),
                extra: new Map([['collar', 'red']]),
              },
            ],
          },
        ],
      },
    ],
    localStorage: [['kennel.profile', 'local']],
  };
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kennel-origin-move-'));
  disk.log.length = 0;
  disk.failRenameTo = null;
  disk.failRm = null;
  disk.failRead = null;
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('the origin move state', () => {
  it('has not started in a data folder that holds neither file', async () => {
    await expect(moveState(dir)).resolves.toBe('not-started');
    await expect(takeMoved(dir)).resolves.toBeNull();
  });

  it('keeps what was read pending until taken, with Dates, bytes and Maps as they were', async () => {
    await keepMoved(dir, queued(), now);
    await expect(moveState(dir)).resolves.toBe('pending');
    const taken = await takeMoved(dir);
    expect(taken).toEqual(queued());
    const record = taken?.databases[0]?.stores[0]?.values[0] as Record<string, unknown>;
    expect(record['createdAt']).toBeInstanceOf(Date);
    expect(record['photo']).toBeInstanceOf(Uint8Array);
    expect(record['extra']).toBeInstanceOf(Map);
    // Taking is not the end: the app says when it has written everything back.
    await expect(moveState(dir)).resolves.toBe('pending');
  });

  it('writes the pending file privately through a temporary file renamed into place', async () => {
    await keepMoved(dir, queued(), now);
    expect(disk.log).toEqual([`rename ${MOVED_DATA_FILE}`]);
    expect(await readdir(dir)).toEqual([MOVED_DATA_FILE]);
    if (process.platform !== 'win32') {
      expect((await stat(join(dir, MOVED_DATA_FILE))).mode & 0o777).toBe(0o600);
    }
  });

  it('is not started after a write cut short: no pending file, no temporary left', async () => {
    disk.failRenameTo = MOVED_DATA_FILE;
    await expect(keepMoved(dir, queued(), now)).rejects.toThrow(/EIO/);
    await expect(moveState(dir)).resolves.toBe('not-started');
    expect(await readdir(dir)).toEqual([]);
  });

  it('is over at once when the old origin held nothing, with no pending file', async () => {
    await keepMoved(dir, { databases: [], localStorage: [] }, now);
    await expect(moveState(dir)).resolves.toBe('done');
    expect(await readdir(dir)).toEqual([MOVE_MARKER]);
    expect(JSON.parse(await readFile(join(dir, MOVE_MARKER), 'utf8'))).toEqual({
      to: 'kennel://app',
      at: AT,
    });
  });

  it('finishes by writing the marker first and only then removing the pending file', async () => {
    await keepMoved(dir, queued(), now);
    disk.log.length = 0;
    await finishMove(dir, now);
    expect(disk.log).toEqual([`rename ${MOVE_MARKER}`, `rm ${MOVED_DATA_FILE}`]);
    await expect(moveState(dir)).resolves.toBe('done');
    expect(await readdir(dir)).toEqual([MOVE_MARKER]);
    await expect(takeMoved(dir)).resolves.toBeNull();
  });

  it('never moves twice when it stops between the marker and the removal', async () => {
    await keepMoved(dir, queued(), now);
    disk.failRm = MOVED_DATA_FILE;
    await expect(finishMove(dir, now)).rejects.toThrow(/EIO/);
    await expect(moveState(dir)).resolves.toBe('done');
    // The data was written back already: it is not handed out again, and the stale copy goes.
    disk.failRm = null;
    await expect(takeMoved(dir)).resolves.toBeNull();
    expect(await readdir(dir)).toEqual([MOVE_MARKER]);
  });

  it('keeps the data pending when the marker cannot be written', async () => {
    await keepMoved(dir, queued(), now);
    disk.failRenameTo = MOVE_MARKER;
    await expect(finishMove(dir, now)).rejects.toThrow(/EIO/);
    await expect(moveState(dir)).resolves.toBe('pending');
    await expect(takeMoved(dir)).resolves.toEqual(queued());
  });

  it.each([
    ['bytes that are not serialized data', Buffer.from('not v8 data')],
    ['data of another shape', serialize({ databases: 'all of them', localStorage: [] })],
    ['a file cut short', serialize(queued()).subarray(0, 40)],
  ])('sets a pending file of %s aside, never deleting it, and reports it', async (_, bytes) => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    await writeFile(join(dir, MOVED_DATA_FILE), bytes);
    await expect(takeMoved(dir, now)).resolves.toBeNull();
    const aside = `moved-data.unreadable-${AT}.bin`;
    expect(await readdir(dir)).toEqual([aside]);
    expect(await readFile(join(dir, aside))).toEqual(bytes);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(aside), {
      code: UNREADABLE_WARNING,
    });
    // The old origin still holds everything: the next start reads it again.
    await expect(moveState(dir)).resolves.toBe('not-started');
  });

  it('refuses a short file that claims a vast sparse list, and sets it aside', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    // 46 bytes that claim 100 million databases: walking them would hold the process up.
    const databases: unknown[] = [];
    databases.length = 100_000_000;
    const bytes = serialize({ databases, localStorage: [] });
    expect(bytes.length).toBe(46);
    await writeFile(join(dir, MOVED_DATA_FILE), bytes);
    // Compared, not matched: a failure must not print 100 million places.
    expect((await takeMoved(dir, now)) === null).toBe(true);
    expect(await readdir(dir)).toEqual([`moved-data.unreadable-${AT}.bin`]);
    expect(warn).toHaveBeenCalledWith(expect.any(String), { code: UNREADABLE_WARNING });
    await expect(moveState(dir)).resolves.toBe('not-started');
  });

  it('refuses a file larger than the cap by its size, without reading it, and sets it aside', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    // A sparse file: its size is one byte past the cap, and it takes no room on the disk.
    await writeFile(join(dir, MOVED_DATA_FILE), '');
    await truncate(join(dir, MOVED_DATA_FILE), MOVED_DATA_MAX_BYTES + 1);
    disk.failRead = MOVED_DATA_FILE;
    await expect(takeMoved(dir, now)).resolves.toBeNull();
    expect(disk.log.filter((entry) => entry.startsWith('read'))).toEqual([]);
    const aside = `moved-data.unreadable-${AT}.bin`;
    expect(await readdir(dir)).toEqual([aside]);
    expect((await stat(join(dir, aside))).size).toBe(MOVED_DATA_MAX_BYTES + 1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('too large'), {
      code: UNREADABLE_WARNING,
    });
  });

  it('reads a file within the cap through and through', async () => {
    await keepMoved(dir, queued(), now);
    disk.log.length = 0;
    await expect(takeMoved(dir, now)).resolves.toEqual(queued());
    expect(disk.log.some((entry) => entry === `read ${MOVED_DATA_FILE}`)).toBe(true);
  });

  it('keeps nothing larger than the pending file may be, so no start sets one aside', async () => {
    const size = serialize(queued()).length;
    await expect(keepMoved(dir, queued(), now, size - 1)).rejects.toThrow(RangeError);
    await expect(moveState(dir)).resolves.toBe('not-started');
    expect(await readdir(dir)).toEqual([]);
    await keepMoved(dir, queued(), now, size);
    await expect(moveState(dir)).resolves.toBe('pending');
  });

  it('leaves a pending file the disk cannot read where it is and says so', async () => {
    await mkdir(join(dir, MOVED_DATA_FILE));
    await expect(takeMoved(dir, now)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([MOVED_DATA_FILE]);
    await expect(moveState(dir)).resolves.toBe('pending');
  });
});
