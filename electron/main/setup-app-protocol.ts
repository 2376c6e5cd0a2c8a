import { protocol, type Session } from 'electron';
import { answerAppRequest } from './app-protocol';
import { APP_SCHEME, APP_SCHEME_PRIVILEGED } from './app-scheme';

/**
 * Registers the app scheme as privileged. Electron takes this only before the
 * app is ready, and only once, so it runs when the main bundle loads.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGED]);
}

/**
 * Serves the built renderer on the app scheme for the window's session; each
 * answer carries `policy` as its Content Security Policy.
 */
export function setupAppProtocol(session: Session, rendererDir: string, policy: string): void {
  session.protocol.handle(APP_SCHEME, (request: Request) =>
    answerAppRequest({ url: request.url, method: request.method }, rendererDir, policy),
  );
}
