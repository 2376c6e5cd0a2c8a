import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type InlineConfig } from 'vite';
import config from '../../electron.vite.config';
import { startWebHost } from '../../electron/web/index';

/**
 * The photo's test page (`tests/pages/photo/`), built as the app's renderer
 * is built (the same Vite plugins, worker handling and meta policy) and
 * served by the browser-mode web host, under the app's own Content Security
 * Policy. The photo picker is not on any of the app's screens yet; this page
 * lets the tests and the benchmark run it, and its worker, in real Chromium
 * without a hook in the app.
 */
export interface PhotoPage {
  /** The page's address on the web host. */
  url: string;
  close(): Promise<void>;
}

const PAGE_DIR = resolve('tests/pages/photo');

async function buildPage(outDir: string): Promise<void> {
  const renderer = config.renderer ?? {};
  const inline: InlineConfig = {
    ...(renderer as InlineConfig),
    configFile: false,
    root: PAGE_DIR,
    logLevel: 'warn',
    build: {
      ...renderer.build,
      outDir,
      emptyOutDir: true,
      rollupOptions: {
        ...renderer.build?.rollupOptions,
        input: { index: join(PAGE_DIR, 'index.html') },
      },
    },
  };
  await build(inline);
}

/** Builds the page into a folder of its own and serves it on a free loopback port. */
export async function startPhotoPage(): Promise<PhotoPage> {
  const dir = await mkdtemp(join(tmpdir(), 'kennel-photo-page-'));
  try {
    const outDir = join(dir, 'page');
    await buildPage(outDir);
    const host = await startWebHost({
      keyring: null,
      port: 0,
      rendererDir: outDir,
      dataDir: join(dir, 'data'),
      env: {},
    });
    return {
      url: `${host.origin}/`,
      close: async () => {
        await host.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
