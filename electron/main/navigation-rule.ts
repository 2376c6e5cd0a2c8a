/**
 * Navigation rules for the app window. The window may only ever show the app
 * itself: a navigation is allowed when it stays on the same document (a
 * fragment change or a reload) of the app URL; everything else is refused.
 */

/** True when `target` is the app document itself (ignoring the fragment). */
export function isAppNavigation(target: string, appUrl: string): boolean {
  const to = parse(target);
  const app = parse(appUrl);
  if (to === null || app === null) return false;
  // Dev server: the single-page app lives at one origin and only changes its path in history.
  if (app.protocol === 'http:') return to.origin === app.origin;
  // The built app: exactly its one document on its own scheme and host.
  return to.protocol === app.protocol && to.host === app.host && to.pathname === app.pathname;
}

/**
 * A link the user may open in the system browser instead of inside the app:
 * plain https only, never `file:`, custom schemes or credentials in the URL.
 * Returns the normalised URL, or null when the link is refused.
 */
export function externalLinkTarget(target: string): string | null {
  const url = parse(target);
  if (url === null || url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
