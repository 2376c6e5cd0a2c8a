import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Mode of the file (default 0o600: everything Kennel writes is private). */
  mode?: number;
  /** Mode of the folder if it has to be created (default 0o700). */
  dirMode?: number;
}

/**
 * Writes a file so that readers see either the old or the new content, never a
 * torn one: write a temporary sibling with the final mode, flush it, rename it
 * over the target. A crash leaves at most a stray temporary file.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const mode = options.mode ?? 0o600;
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: options.dirMode ?? 0o700 });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx' with the mode set at creation: the content is never readable by others, not even briefly.
  const handle = await open(temp, 'wx', mode);
  let written = false;
  try {
    await handle.writeFile(data);
    await handle.chmod(mode);
    await handle.sync();
    written = true;
  } finally {
    await handle.close();
    if (!written) await rm(temp, { force: true });
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
