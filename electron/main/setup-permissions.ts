import type { Session, WebContents } from 'electron';
import { isPermissionGranted } from './permission-rule';
import type { TrustedSenders } from './setup-ipc';

/**
 * Answers the session's permission requests and checks. Kennel needs no
 * microphone, geolocation, clipboard reads...; the only grants are persistent
 * storage, which keeps the browser from evicting unsent intake records,
 * notifications and clipboard writes, all for the app's own window only, and
 * the camera to that window while `cameraViewIds` lists it (see
 * {@link isPermissionGranted}).
 */
export function setupPermissions(
  session: Session,
  trusted: () => TrustedSenders,
  cameraViewIds: () => readonly number[],
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(
      isPermissionGranted(
        {
          permission,
          webContentsId: contents.id,
          requestingUrl: details.requestingUrl,
          isMainFrame: details.isMainFrame,
          mediaTypes: 'mediaTypes' in details ? (details.mediaTypes ?? []) : [],
        },
        trusted(),
        cameraViewIds(),
      ),
    );
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionGranted(
      {
        permission,
        webContentsId: contents?.id ?? null,
        // Checks made for a document may omit the URL; the page's own URL then stands in.
        requestingUrl: details.requestingUrl ?? currentUrl(contents),
        isMainFrame: details.isMainFrame,
        mediaTypes: details.mediaType === undefined ? [] : [details.mediaType],
      },
      trusted(),
      cameraViewIds(),
    ),
  );
}

function currentUrl(contents: WebContents | null): string | null {
  if (contents === null) return null;
  const url = contents.getURL();
  return url === '' ? null : url;
}
