/**
 * Who may talk to the web host. It listens on loopback only, but any web page
 * the user visits can still send requests there, and a DNS-rebinding page can
 * even make them look same-origin; these checks close both doors.
 */

/** The name the app is served under; its origin owns the app's IndexedDB. */
const CANONICAL_NAME = '127.0.0.1';

/**
 * How a request addressed the host: `'canonical'` for exactly `127.0.0.1:<port>`,
 * `'localhost'` for `localhost:<port>` (the same server under a second origin,
 * which is only ever redirected), null for anything else (a rebinding attempt).
 */
export type HostKind = 'canonical' | 'localhost';

/** Classifies the `Host` header; see {@link HostKind}. */
export function hostKind(host: string | undefined, port: number): HostKind | null {
  if (host === undefined) return null;
  const value = host.toLowerCase();
  if (value === `${CANONICAL_NAME}:${port}`) return 'canonical';
  if (value === `localhost:${port}`) return 'localhost';
  return null;
}

/** The one origin the app's page has: `http://127.0.0.1:<port>`. */
function ownOrigin(port: number): string {
  return `http://${CANONICAL_NAME}:${port}`;
}

/**
 * True when the `Origin` header is absent (same-origin GETs, non-browser
 * clients, which still need the token) or the host's own origin. `null`
 * (sandboxed frames, file pages) and `http://localhost:<port>` are foreign: a
 * page there has a database of its own and must be redirected, not served.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin.toLowerCase() === ownOrigin(port);
}

/** True when the body is declared as JSON (`application/json`, any charset parameter). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [type] = contentType.split(';');
  return type?.trim().toLowerCase() === 'application/json';
}

/** True when `address` is a loopback address the host may bind. */
export function isLoopbackBindAddress(address: string): boolean {
  return address === '127.0.0.1';
}

/**
 * Where a page request that reached the host as `localhost` belongs: the same
 * path and query on `127.0.0.1`. The fragment (which carries the launch token)
 * is never sent to a server, and browsers keep it across the redirect.
 */
export function canonicalLocation(rawUrl: string | undefined, port: number): string {
  const path = rawUrl !== undefined && rawUrl.startsWith('/') ? rawUrl : '/';
  return `${ownOrigin(port)}${path}`;
}
