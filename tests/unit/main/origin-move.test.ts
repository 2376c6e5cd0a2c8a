import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MovedData } from '../../../electron/contract/moved-data';

/** Writes and removals as they reach the disk, and the ones made to fail. */
const disk = vi.hoisted(() => ({
  log: [] as string[],
  failRenameTo: null as string | null,
  failRm: null as string | null,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const failure = () => Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
  return {
    ...real,
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

const {
  finishMove,
  keepMoved,
  moveState,
  takeMoved,
  MOVE_MARKER,
  MOVED_DATA_FILE,
  UNREADABLE_WARNING,
} = await import('../../../electron/main/origin-move');

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

  it('leaves a pending file the disk cannot read where it is and says so', async () => {
    await mkdir(join(dir, MOVED_DATA_FILE));
    await expect(takeMoved(dir, now)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([MOVED_DATA_FILE]);
    await expect(moveState(dir)).resolves.toBe('pending');
  });
});
