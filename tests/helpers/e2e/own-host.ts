import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebHost } from '../../../electron/web/index';
import { RENDERER_DIR } from './renderer-dir';

/** A browser-mode web host of a test's own, on a data folder of its own. */
export interface OwnHost {
  url: string;
  /** Stops the host and removes its data folder. */
  close(): Promise<void>;
}

/**
 * Starts the web host on a random loopback port, with a fresh data folder
 * (so its own core and governor) and `env` as the environment it reads
 * profiles from. `label` names the folder, for finding it after a failure.
 */
export async function startOwnHost(
  env: Record<string, string | undefined>,
  label: string,
): Promise<OwnHost> {
  const dataDir = await mkdtemp(join(tmpdir(), `kennel-e2e-${label}-`));
  const host = await startWebHost({
    // Tests never touch the keyring of the desktop they run on.
    keyring: null,
    port: 0,
    rendererDir: RENDERER_DIR,
    dataDir,
    env,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: host.url,
    async close() {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
