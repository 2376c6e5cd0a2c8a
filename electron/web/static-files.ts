import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { contentTypeFor } from '../core/content-types';
import { sendText } from './responses';
import { SECURITY_HEADERS } from './security-headers';

/**
 * Maps a request path to a file inside the renderer folder, or null when the
 * path tries to leave it: `..` segments (also percent-encoded), backslashes,
 * NUL bytes and malformed escapes are refused before touching the disk.
 */
function resolveStaticPath(rendererDir: string, rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) return null;
  if (decoded.endsWith('/')) segments.push('index.html');
  return join(rendererDir, ...segments);
}

/**
 * Serves the built renderer (GET and HEAD only). `index.html` is never cached so
 * a rebuild is picked up; hashed files under `assets/` never change.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  rendererDir: string,
  rawPath: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    return;
  }
  const candidate = resolveStaticPath(rendererDir, rawPath);
  if (candidate === null) {
    sendText(res, 400, 'Bad path.');
    return;
  }
  const file = await existingFileInside(rendererDir, candidate);
  if (file === null) {
    sendText(res, 404, 'Not found.');
    return;
  }
  const isIndex = file.path.endsWith(`${sep}index.html`) || file.path.endsWith('/index.html');
  const immutable = file.path.startsWith(join(rendererDir, 'assets') + sep);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': contentTypeFor(file.path),
    'Content-Length': file.size,
    'Cache-Control': isIndex || !immutable ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** The file's real path and size when it is a regular file really inside the folder (symlinks resolved). */
async function existingFileInside(
  rendererDir: string,
  candidate: string,
): Promise<{ path: string; size: number } | null> {
  try {
    const real = await realpath(candidate);
    if (!real.startsWith(rendererDir + sep)) return null;
    const info = await stat(real);
    return info.isFile() ? { path: real, size: info.size } : null;
  } catch {
    return null;
  }
}
