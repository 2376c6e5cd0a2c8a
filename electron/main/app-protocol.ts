import { promises as fs } from 'node:fs';
import { join, sep } from 'node:path';
import { contentTypeFor } from '../core/content-types';
import { APP_HOST, APP_SCHEME } from './app-scheme';

/** A request to the app scheme, as far as its answer depends on it. */
export interface AppRequest {
  url: string;
  method: string;
}

/**
 * The file of the built renderer that `requestUrl` names, or null when it names
 * none: another scheme, host, port or credentials, a query, or a path that
 * could leave the folder. Each path segment is decoded once and must then be a
 * plain name: not empty, not starting with a dot (`.`, `..`, hidden files), and
 * without slashes, backslashes, colons (drive letters, Windows file streams)
 * or control characters. Links are resolved when the file is read.
 */
function appFilePath(requestUrl: string, rendererDir: string): string | null {
  const url = parse(requestUrl);
  if (url === null || url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  if (url.username !== '' || url.password !== '' || url.search !== '') return null;
  const names: string[] = [];
  for (const segment of url.pathname.slice(1).split('/')) {
    const name = plainName(segment);
    if (name === null) return null;
    names.push(name);
  }
  return join(rendererDir, ...names);
}

/**
 * Answers a request to the app scheme from the built renderer folder, and from
 * nowhere else: reads only, only for the app's own content, 404 for anything
 * {@link appFilePath} refuses or that is not a regular file really inside the
 * folder once links are resolved. Every file carries the Content Security
 * Policy, so the window never depends on a header added elsewhere.
 */
export async function answerAppRequest(
  request: AppRequest,
  rendererDir: string,
  policy: string,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plainText(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
  }
  const candidate = appFilePath(request.url, rendererDir);
  const body = candidate === null ? null : await readInside(rendererDir, candidate);
  if (candidate === null || body === null) return plainText(404, 'Not found.');
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'Content-Type': contentTypeFor(candidate),
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The file's bytes when it is a regular file inside the folder with links resolved; else null. */
async function readInside(rendererDir: string, candidate: string): Promise<Buffer | null> {
  // Called through `fs.promises` when used: in an installed Kennel the files are inside
  // `app.asar`, which Electron makes readable by replacing these functions on that object.
  try {
    const [root, real] = await Promise.all([fs.realpath(rendererDir), fs.realpath(candidate)]);
    if (!real.startsWith(root + sep)) return null;
    if (!(await fs.stat(real)).isFile()) return null;
    return await fs.readFile(real);
  } catch {
    return null;
  }
}

function plainName(segment: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (name === '' || name.startsWith('.') || /[/\\:]/.test(name)) return null;
  if ([...name].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')) return null;
  return name;
}

function plainText(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
