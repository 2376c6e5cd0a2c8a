/**
 * The real Node side for renderer tests: the reference service on a random
 * port and the browser-mode web host in front of it, each in a fresh temporary
 * data folder. Nothing here is faked; the renderer code under test talks to
 * them exactly as it does in the app.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebHost, type WebHost } from '../../../../electron/web/index';
import { startReferenceService, type ReferenceService } from '../../../../server/index';

/** A running reference service and web host. */
export interface RealBridge {
  service: ReferenceService;
  host: WebHost;
  close(): Promise<void>;
}

/** Starts both on free ports; the local profile points at the service. */
export async function startRealBridge(seed = 5): Promise<RealBridge> {
  const root = await mkdtemp(join(tmpdir(), 'kennel-renderer-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kennel</title>');
  await mkdir(join(root, 'data'));
  const service = await startReferenceService({ port: 0, seed });
  const host = await startWebHost({
    // Tests never touch the keyring of the desktop they run on.
    keyring: null,
    port: 0,
    rendererDir,
    dataDir: join(root, 'data'),
    env: { KENNEL_LOCAL_URL: service.url },
  });
  return {
    service,
    host,
    async close() {
      await host.close();
      await service.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
