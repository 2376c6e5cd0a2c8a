/**
 * Who may talk to the web host. It listens on loopback only, but any web page
 * the user visits can still send requests there, and a DNS-rebinding page can
 * even make them look same-origin; these checks close both doors.
 */

/** The names under which the host is reached; anything else is a rebinding attempt. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'] as const;

/** True when the `Host` header is exactly `127.0.0.1:<port>` or `localhost:<port>`. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** The origins the app's own page has: the loopback names with the host's port. */
export function ownOrigins(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
}

/**
 * True when the `Origin` header is absent (same-origin GETs, non-browser
 * clients, which still need the token) or one of the host's own origins.
 * `null` (sandboxed frames, file pages) is foreign.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return ownOrigins(port).includes(origin.toLowerCase());
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
