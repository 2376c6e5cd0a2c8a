import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The OS app-data folder of Kennel: `~/.config/Kennel` on Linux (honouring
 * `XDG_CONFIG_HOME`), `~/Library/Application Support/Kennel` on macOS,
 * `%APPDATA%\Kennel` on Windows. It is where the desktop app keeps its data.
 */
function appDataDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Kennel');
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Kennel');
  }
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg !== undefined && xdg !== '' ? xdg : join(home, '.config'), 'Kennel');
}

/**
 * The browser-mode data folder: `KENNEL_DATA_DIR`, else the `browser`
 * subfolder of the app-data folder ({@link appDataDir}). Browser mode has its
 * own folder so it never shares a config file, key files or a governor's
 * budget bookkeeping with a desktop app running at the same time.
 */
export function resolveDataDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const explicit = env.KENNEL_DATA_DIR;
  if (explicit !== undefined && explicit.trim() !== '') return explicit;
  return join(appDataDir(env, platform, home), 'browser');
}
