import type { CustomScheme } from 'electron';

/** The scheme the built renderer is served from, instead of `file://`. */
export const APP_SCHEME = 'kennel';

/** The one host of that scheme; every other host is refused. */
export const APP_HOST = 'app';

/** The app's origin: IndexedDB, storage and permissions are keyed to it. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The document the window loads outside development. */
export const APP_URL = `${APP_ORIGIN}/index.html`;

/**
 * The scheme's privileges, each one needed and no more:
 * - `standard`: a real origin (`kennel://app`) and relative URLs. Without it the
 *   origin is opaque, so IndexedDB, localStorage and BroadcastChannel have no
 *   stable home, and `import('./assets/…')` cannot resolve.
 * - `secure`: a secure context, like https. `navigator.storage.persist()`,
 *   `navigator.locks` (the sync leader), `crypto.randomUUID()` (outbox ids) and
 *   the clipboard exist only there.
 * - `supportFetchAPI`: `fetch()` of the app's own files, and module workers.
 * - `codeCache`: V8 keeps compiled scripts between starts, as it does for http;
 *   a start-up cost only, no access.
 *
 * Left off on purpose: `bypassCSP` (the policy must apply), `corsEnabled` (it
 * would let other origins read the app's files), `allowServiceWorkers` and
 * `stream` (unused).
 */
export const APP_SCHEME_PRIVILEGED: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};
