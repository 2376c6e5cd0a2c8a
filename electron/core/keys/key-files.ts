import { existsSync } from 'node:fs';
import { chmod, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfileName } from '../../contract/profiles';
import { NotConfiguredError } from '../errors/not-configured-error';

/** Folder of the key files inside a data folder (mode 0700). */
function keysDir(dataDir: string): string {
  return join(dataDir, 'keys');
}

/** Path of a profile's key file with the given extension (`key`, `enc`, `unencrypted`). */
export function keyFile(dataDir: string, profile: ProfileName, ext: string): string {
  return join(keysDir(dataDir), `${profile}.${ext}`);
}

/** True when the file exists. */
export function fileExists(path: string): boolean {
  return existsSync(path);
}

/**
 * Creates the keys folder if needed and restricts it to the user (0700).
 * `mkdir`'s mode only applies to a folder it creates, so a folder left looser
 * by an earlier version, a restore or a hand edit is tightened here too.
 */
export async function ensureKeysDir(dataDir: string): Promise<void> {
  const dir = keysDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') await chmod(dir, 0o700);
}

/**
 * Reads a key file, or null when absent. Refuses a file that other users can
 * read (POSIX): a key there may already have leaked, and silently using it
 * would hide that. The mode is checked on the open handle that is then read,
 * so the file cannot be swapped between the check and the read.
 */
export async function readPrivateFile(path: string, profile: ProfileName): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return null;
    throw new NotConfiguredError(`The ${profile} key file could not be read.`, { cause: err });
  }
  try {
    const info = await handle.stat();
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      throw new NotConfiguredError(
        `The ${profile} key file can be read by other users of this computer, so Kennel will not use it. ` +
          'Restrict it to your user (chmod 600) or set the key again.',
      );
    }
    return await handle.readFile();
  } catch (err) {
    if (err instanceof NotConfiguredError) throw err;
    throw new NotConfiguredError(`The ${profile} key file could not be read.`, { cause: err });
  } finally {
    await handle.close();
  }
}

/** Deletes a key file if it exists. */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
