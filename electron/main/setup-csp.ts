import type { Session } from 'electron';
import { withContentSecurityPolicy } from './csp';

/**
 * Adds the app's Content Security Policy to every response the session
 * receives. The window only ever loads app content, so there is nothing to
 * exempt. The app scheme's answers carry the policy themselves (whether or not
 * Electron reports them here); the renderer's `<meta>` policy is a second
 * layer, not the only one.
 */
export function setupCsp(session: Session, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) });
  });
}
