import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

/**
 * Where the renderer lives: the built `index.html` next to the main bundle, or
 * the dev server electron-vite announces in `ELECTRON_RENDERER_URL`. The dev URL
 * is only honoured in an unpackaged build (`app.isPackaged` false) and on
 * loopback HTTP: an installed Kennel must never hand its privileged window and
 * the bridge to whatever local server a stray variable names.
 */
export function resolveAppUrl(
  env: Record<string, string | undefined>,
  mainDir: string,
  packaged: boolean,
): { url: string; dev: boolean } {
  const devUrl = packaged ? undefined : env['ELECTRON_RENDERER_URL'];
  if (devUrl !== undefined && devUrl !== '' && isLoopbackHttp(devUrl)) {
    return { url: new URL(devUrl).href, dev: true };
  }
  return { url: pathToFileURL(join(mainDir, '..', 'renderer', 'index.html')).href, dev: false };
}

/**
 * The preload bundle. It is emitted as CommonJS with a `.cjs` name because a
 * sandboxed preload cannot be an ES module.
 */
export function resolvePreloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs');
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
