import { existsSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfileName } from '../../contract/index';
import { NotConfiguredError } from '../errors/not-configured-error';

/** Folder of the key files inside a data folder (mode 0700). */
export function keysDir(dataDir: string): string {
  return join(dataDir, 'keys');
}

/** Path of a profile's key file with the given extension (`key`, `enc`). */
export function keyFile(dataDir: string, profile: ProfileName, ext: string): string {
  return join(keysDir(dataDir), `${profile}.${ext}`);
}

/** True when the file exists. */
export function fileExists(path: string): boolean {
  return existsSync(path);
}

/**
 * Reads a key file, or null when absent. Refuses a file that other users can
 * read (POSIX): a key there may already have leaked, and silently using it
 * would hide that.
 */
export async function readPrivateFile(path: string, profile: ProfileName): Promise<Buffer | null> {
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return null;
    throw new NotConfiguredError(`The ${profile} key file could not be read.`, { cause: err });
  }
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
    throw new NotConfiguredError(
      `The ${profile} key file can be read by other users of this computer, so Kennel will not use it. ` +
        'Restrict it to your user (chmod 600) or set the key again.',
    );
  }
  return readFile(path);
}

/** Deletes a key file if it exists. */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
