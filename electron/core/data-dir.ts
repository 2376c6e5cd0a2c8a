import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The browser-mode data folder: `KENNEL_DATA_DIR`, else the OS app-data folder
 * (`~/.config/Kennel` on Linux, honouring `XDG_CONFIG_HOME`;
 * `~/Library/Application Support/Kennel` on macOS; `%APPDATA%\Kennel` on Windows).
 */
export function resolveDataDir(
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const explicit = env.KENNEL_DATA_DIR;
  if (explicit !== undefined && explicit.trim() !== '') return explicit;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Kennel');
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Kennel');
  }
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg !== undefined && xdg !== '' ? xdg : join(home, '.config'), 'Kennel');
}
