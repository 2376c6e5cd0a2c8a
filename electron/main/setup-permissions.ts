import type { Session } from 'electron';

/**
 * Kennel needs no browser permission at all (no camera, notifications,
 * geolocation, clipboard reads...), so every request and every check is denied.
 */
export function setupPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
