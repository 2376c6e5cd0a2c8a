import { join } from 'node:path';
import { APP_URL } from './app-scheme';

/** How this main bundle was built and run, as far as trusting a dev server goes. */
export interface AppBuild {
  /** `app.isPackaged`: an installed Kennel. */
  packaged: boolean;
  /**
   * True only for a main bundle built by the electron-vite dev server (`npm run dev`):
   * `import.meta.env.DEV`, fixed when the bundle is compiled. `electron-vite build`,
   * which `npm start` and packaging run, compiles it to false, and no variable
   * set at run time can change it.
   */
  devServerBuild: boolean;
}

/**
 * Where the renderer lives: the built app on its own scheme ({@link APP_URL}), or
 * the dev server electron-vite announces in `ELECTRON_RENDERER_URL`. The dev URL
 * is honoured only by a dev-server build that is not packaged, and only on
 * loopback HTTP: neither an installed Kennel nor `npm start` may hand the
 * privileged window and the bridge to whatever local server an inherited
 * variable names.
 */
export function resolveAppUrl(
  env: Record<string, string | undefined>,
  build: AppBuild,
): { url: string; dev: boolean } {
  const devUrl = build.devServerBuild && !build.packaged ? env['ELECTRON_RENDERER_URL'] : undefined;
  if (devUrl !== undefined && devUrl !== '' && isLoopbackHttp(devUrl)) {
    return { url: new URL(devUrl).href, dev: true };
  }
  return { url: APP_URL, dev: false };
}

/** The built renderer, next to the main bundle: all the app scheme ever serves. */
export function resolveRendererDir(mainDir: string): string {
  return join(mainDir, '..', 'renderer');
}

/**
 * The preload bundle. It is emitted as CommonJS with a `.cjs` name because a
 * sandboxed preload cannot be an ES module.
 */
export function resolvePreloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs');
}

/** The move page's preload bundle, built beside the app's (see {@link resolvePreloadPath}). */
export function resolveMovePreloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'move-data.cjs');
}

function isLoopbackHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'http:' &&
      (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')
    );
  } catch {
    return false;
  }
}
