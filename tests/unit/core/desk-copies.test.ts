import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESK_COPIES_KEPT, DESK_COPY_MAX_BYTES } from '../../../electron/contract/desk-copies';
import {
  COPIES_FOLDER,
  copyName,
  dayOfCopy,
  localDay,
} from '../../../electron/core/desk-copies/copy-names';
import { createDeskCopies, type CopyWriter } from '../../../electron/core/desk-copies/desk-copies';
import { writeFileAtomic } from '../../../electron/core/fs/atomic-write';
import { useTempDirs } from './helpers/temp-dir';

const tempDir = useTempDirs();

/** `hour`:`minute` on November `day` 2026, on this computer's calendar. */
function at(day: number, hour = 12, minute = 0): number {
  return new Date(2026, 10, day, hour, minute).getTime();
}

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const textOf = (bytes: Uint8Array | null): string | null =>
  bytes === null ? null : new TextDecoder().decode(bytes);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('copy names', () => {
  it('are the local day of the copy, and nothing else is taken for one', () => {
    expect(copyName(localDay(at(3, 0, 5)))).toBe('kennel-desk-2026-11-03.kennel');
    expect(dayOfCopy('kennel-desk-2026-11-03.kennel')).toBe('2026-11-03');
    for (const other of [
      '../kennel-desk-2026-11-03.kennel',
      '/tmp/kennel-desk-2026-11-03.kennel',
      'kennel-desk-2026-11-03.kennel/..',
      'kennel-desk-2026-11-03.zip',
      'kennel-desk-2026-11-03.kennel.tmp',
      '.kennel-desk-2026-11-03.kennel.0a1b2c3d4e5f.tmp',
      'kennel-desk-2026-02-30.kennel',
      'kennel-desk-26-11-03.kennel',
      'KENNEL-DESK-2026-11-03.KENNEL',
      7,
      null,
    ]) {
      expect(dayOfCopy(other)).toBeNull();
    }
  });
});

describe('keeping the desk copies', () => {
  it('keeps one copy a day, the newest seven days, and a later copy replaces the day’s', async () => {
    const dataDir = await tempDir();
    const copies = createDeskCopies(dataDir);
    for (let day = 20; day <= 27; day += 1) await copies.keep(bytesOf(`day ${day}`), at(day, 9));
    // The copy made at quit replaces the morning's.
    const kept = await copies.keep(bytesOf('day 27 at quit'), at(27, 18, 30));

    const names = (await copies.list()).map(({ name }) => name);
    expect(names).toHaveLength(DESK_COPIES_KEPT);
    expect(names).toEqual(
      [27, 26, 25, 24, 23, 22, 21].map((d) => `kennel-desk-2026-11-${d}.kennel`),
    );
    expect(kept).toMatchObject({ name: 'kennel-desk-2026-11-27.kennel', bytes: 14 });
    expect(textOf(await copies.read('kennel-desk-2026-11-27.kennel'))).toBe('day 27 at quit');
    expect(textOf(await copies.read('kennel-desk-2026-11-21.kennel'))).toBe('day 21');
    expect(await copies.read('kennel-desk-2026-11-20.kennel')).toBeNull();
    // Nothing else is left in the folder: no temporary file, no eighth copy.
    expect((await readdir(join(dataDir, COPIES_FOLDER))).sort()).toEqual([...names].sort());
  });

  it('lists the copies newest first, with when each was written and its size', async () => {
    const copies = createDeskCopies(await tempDir());
    await copies.keep(bytesOf('b'.repeat(20)), at(12));
    await copies.keep(bytesOf('c'.repeat(30)), at(14));
    await copies.keep(bytesOf('a'.repeat(10)), at(2));
    const listed = await copies.list();
    expect(listed.map(({ name, bytes }) => [name, bytes])).toEqual([
      ['kennel-desk-2026-11-14.kennel', 30],
      ['kennel-desk-2026-11-12.kennel', 20],
      ['kennel-desk-2026-11-02.kennel', 10],
    ]);
    for (const info of listed) expect(info.savedAt).toBeGreaterThan(0);
  });

  it('lists nothing, and keeps the first copy, where no folder exists yet', async () => {
    const dataDir = join(await tempDir(), 'not-yet');
    const copies = createDeskCopies(dataDir);
    await expect(copies.list()).resolves.toEqual([]);
    await expect(copies.dueNow(at(5))).resolves.toBe(true);
    await copies.keep(bytesOf('first'), at(5));
    expect(textOf(await copies.read('kennel-desk-2026-11-05.kennel'))).toBe('first');
  });

  it('writes each copy for this user alone, in a folder for this user alone', async () => {
    const dataDir = await tempDir();
    await createDeskCopies(dataDir).keep(bytesOf('records'), at(8));
    const folder = join(dataDir, COPIES_FOLDER);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'kennel-desk-2026-11-08.kennel'))).mode & 0o777).toBe(0o600);
  });

  it('tightens a copies folder left open to others', async () => {
    const dataDir = await tempDir();
    const folder = join(dataDir, COPIES_FOLDER);
    await mkdir(folder, { mode: 0o755 });
    await chmod(folder, 0o755);
    await createDeskCopies(dataDir).keep(bytesOf('records'), at(8));
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('refuses a copy over the desk file’s limit and writes nothing', async () => {
    const dataDir = await tempDir();
    const written: string[] = [];
    // Only the names of what reaches the disk: the sizes below are claimed, not real.
    const copies = createDeskCopies(dataDir, async (path, _data, options) => {
      written.push(path);
      await writeFileAtomic(path, 'stand-in', options);
    });
    // As large as it says, without a gigabyte of memory.
    const huge = Object.defineProperty(new Uint8Array(4), 'byteLength', {
      value: DESK_COPY_MAX_BYTES + 1,
    });
    await expect(copies.keep(huge, at(9))).rejects.toThrow(
      `is over the ${DESK_COPY_MAX_BYTES}-byte limit`,
    );
    expect(written).toEqual([]);
    await expect(copies.list()).resolves.toEqual([]);
    // The limit itself is allowed: the check is "over", not "at".
    const atLimit = Object.defineProperty(new Uint8Array(4), 'byteLength', {
      value: DESK_COPY_MAX_BYTES,
    });
    await copies.keep(atLimit, at(9));
    expect(written).toEqual([join(dataDir, COPIES_FOLDER, 'kennel-desk-2026-11-09.kennel')]);
  });

  it('leaves the copies kept as they were when a copy cannot be written', async () => {
    const dataDir = await tempDir();
    const copies = createDeskCopies(dataDir);
    for (let day = 1; day <= DESK_COPIES_KEPT; day += 1) {
      await copies.keep(bytesOf(`day ${day}`), at(day, 9));
    }
    const before = await copies.list();
    // The disk fills up halfway through the temporary file.
    const diskFull: CopyWriter = async (path) => {
      await writeFile(`${path}.part`, 'half');
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const failing = createDeskCopies(dataDir, diskFull);
    await expect(failing.keep(bytesOf('day 7 at quit'), at(7, 18))).rejects.toThrow(/ENOSPC/);
    await expect(failing.keep(bytesOf('day 8'), at(8, 9))).rejects.toThrow(/ENOSPC/);

    // Neither the day's earlier copy nor the oldest was touched, nor pruned for the new one.
    expect(await copies.list()).toEqual(before);
    expect(textOf(await copies.read('kennel-desk-2026-11-07.kennel'))).toBe('day 7');
    expect(textOf(await copies.read('kennel-desk-2026-11-01.kennel'))).toBe('day 1');
  });

  it('writes one copy at a time, in the order they were handed over', async () => {
    const dataDir = await tempDir();
    const order: string[] = [];
    let releaseFirst = (): void => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const copies = createDeskCopies(dataDir, async (path, data, options) => {
      const text = new TextDecoder().decode(data);
      order.push(`start ${text}`);
      if (text === 'daily') await firstHeld;
      await writeFileAtomic(path, data, options);
      order.push(`end ${text}`);
    });
    const daily = copies.keep(bytesOf('daily'), at(10, 23, 59));
    const quit = copies.keep(bytesOf('quit'), at(10, 23, 59));
    await vi.waitFor(() => expect(order).toEqual(['start daily']));
    releaseFirst();
    await Promise.all([daily, quit]);
    expect(order).toEqual(['start daily', 'end daily', 'start quit', 'end quit']);
    expect(textOf(await copies.read('kennel-desk-2026-11-10.kennel'))).toBe('quit');
  });
});

describe('reading a copy back', () => {
  it('hands back only a kept copy by its exact name, never another file', async () => {
    const dataDir = await tempDir();
    const copies = createDeskCopies(dataDir);
    await copies.keep(bytesOf('the desk'), at(11));
    const folder = join(dataDir, COPIES_FOLDER);
    await writeFile(join(dataDir, 'secret.txt'), 'key material');
    await writeFile(join(folder, 'notes.kennel'), 'not a copy');
    await writeFile(join(dataDir, 'kennel-desk-2026-11-12.kennel'), 'outside the folder');
    await symlink(join(dataDir, 'secret.txt'), join(folder, 'kennel-desk-2026-11-13.kennel'));
    await mkdir(join(folder, 'kennel-desk-2026-11-14.kennel'));

    const read = await copies.read('kennel-desk-2026-11-11.kennel');
    expect(read).toBeInstanceOf(Uint8Array);
    expect(Object.getPrototypeOf(read)).toBe(Uint8Array.prototype);
    expect(textOf(read)).toBe('the desk');
    for (const name of [
      '../secret.txt',
      join(folder, 'kennel-desk-2026-11-11.kennel'),
      '../kennel-desk-2026-11-12.kennel',
      'notes.kennel',
      'kennel-desk-2026-11-13.kennel',
      'kennel-desk-2026-11-14.kennel',
      'kennel-desk-2026-11-15.kennel',
      '',
      42,
    ]) {
      expect(await copies.read(name)).toBeNull();
    }
    // Only the copy is listed: not the link, the folder or the stranger.
    expect((await copies.list()).map(({ name }) => name)).toEqual([
      'kennel-desk-2026-11-11.kennel',
    ]);
    expect(await readFile(join(dataDir, 'secret.txt'), 'utf8')).toBe('key material');
  });
});

describe('when the daily copy is due', () => {
  it('is due until a copy of the local day is kept, and again after local midnight', async () => {
    // Six hours behind UTC: the local day and the UTC day part at 18:00.
    vi.stubEnv('TZ', 'America/Mexico_City');
    const copies = createDeskCopies(await tempDir());
    expect(await copies.dueNow(at(30, 20))).toBe(true);
    await copies.keep(bytesOf('evening'), at(30, 20));
    expect((await copies.list()).map(({ name }) => name)).toEqual([
      'kennel-desk-2026-11-30.kennel',
    ]);
    expect(await copies.hasCopyFor('2026-11-30')).toBe(true);
    expect(await copies.dueNow(at(30, 23, 59))).toBe(false);
    // One minute past local midnight: the first of December.
    const nextDay = new Date(2026, 11, 1, 0, 1).getTime();
    expect(await copies.dueNow(nextDay)).toBe(true);
    expect(await copies.hasCopyFor('2026-12-01')).toBe(false);
  });

  it('takes no day that is not one for a copy', async () => {
    const copies = createDeskCopies(await tempDir());
    await copies.keep(bytesOf('x'), at(1));
    expect(await copies.hasCopyFor('../2026-11-01')).toBe(false);
    expect(await copies.hasCopyFor('2026-11-01')).toBe(true);
  });
});
