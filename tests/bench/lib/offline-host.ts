import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebHost } from '../../../electron/web/index';
import { unreachableBaseUrl } from './unreachable-url';

/** How the service is arranged for the list and search figures, for the results file. */
export const OFFLINE_SERVICE =
  'local profile with a key, its base URL a loopback port that refuses connections (refresh fails at once)';

/** The database of the `local` profile, which the benchmark seeds. */
export const PROFILE_DB = 'kennel-local';

export interface OfflineHost {
  /** The app's address, with the per-launch token. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer with the browser-mode web host. The `local`
 * profile has a key and points at a loopback port nobody listens on, so the
 * app's background refresh fails at once and never redraws the list while it
 * is being timed.
 */
export async function startOfflineHost(rendererDir: string): Promise<OfflineHost> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-bench-'));
  try {
    const host = await startWebHost({
      // Tests never touch the keyring of the desktop they run on.
      keyring: null,
      port: 0,
      rendererDir,
      dataDir,
      env: { KENNEL_LOCAL_URL: await unreachableBaseUrl(), KENNEL_LOCAL_KEY: 'bench-key' },
    });
    return {
      url: host.url,
      close: async () => {
        await host.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
