import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';

/**
 * The Electron binary the `electron` package has installed, or null. Read from
 * the package's `path.txt` without requiring the package: its entry point throws
 * (with a stack trace) when the binary was never downloaded.
 */
function installedElectronBinary(packageDir: string): string | null {
  let relative: string;
  try {
    relative = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    return null;
  }
  if (relative === '' || isAbsolute(relative) || normalize(relative).startsWith('..')) return null;
  const binary = join(packageDir, 'dist', relative);
  try {
    return existsSync(binary) && statSync(binary).isFile() ? binary : null;
  } catch {
    return null;
  }
}

/** Options of {@link obtainElectronBinary}. */
export interface ObtainOptions {
  /** The installer gets this long before it is killed. */
  timeoutMs?: number;
  /** The Node binary that runs the installer. */
  nodePath?: string;
}

/**
 * Returns the installed binary, or tries the package's own installer once
 * (silently, with a hard time limit) and checks again. Never throws.
 */
export async function obtainElectronBinary(
  packageDir: string,
  options: ObtainOptions = {},
): Promise<string | null> {
  const present = installedElectronBinary(packageDir);
  if (present !== null) return present;
  const installer = join(packageDir, 'install.js');
  if (!existsSync(installer)) return null;
  await runSilently(
    options.nodePath ?? process.execPath,
    [installer],
    packageDir,
    options.timeoutMs ?? 60_000,
  );
  return installedElectronBinary(packageDir);
}

/** Runs a command with no output at all, resolving when it ends or is killed at the deadline. */
function runSilently(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, args, { cwd, stdio: 'ignore' });
    } catch {
      resolve();
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    child.once('error', done);
    child.once('exit', done);
  });
}
