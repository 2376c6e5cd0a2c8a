import { isAppNavigation } from './navigation-rule';

/**
 * The one browser permission Kennel asks for: `navigator.storage.persist()`,
 * so the intake outbox in IndexedDB is not evicted under disk pressure.
 * Electron reports it under the Permissions API name.
 */
const PERSISTENT_STORAGE_PERMISSION = 'persistent-storage';

/**
 * Desktop notifications: the sync status tells staff when the queue kept
 * offline has been sent or an animal needs attention.
 */
const NOTIFICATIONS_PERMISSION = 'notifications';

/**
 * Writing text to the clipboard (`navigator.clipboard.writeText`), which
 * Electron asks for under this name: "Copy diagnostics" in Settings puts its
 * record there. Only writing: the app never reads what else is on the
 * clipboard (`clipboard-read` stays denied).
 */
const CLIPBOARD_WRITE_PERMISSION = 'clipboard-sanitized-write';

/**
 * The camera, for a record's photo: Electron asks for it as `media` with the
 * kinds of device wanted. Only video is ever granted (never the microphone),
 * and only while the window's camera view is open (`camera-views.ts`).
 */
const CAMERA_PERMISSION = 'media';

/** Every permission Kennel's own window may have at any time; the camera only as above. */
const GRANTED_PERMISSIONS: readonly string[] = [
  PERSISTENT_STORAGE_PERMISSION,
  NOTIFICATIONS_PERMISSION,
  CLIPBOARD_WRITE_PERMISSION,
];

/** A permission request or check, reduced to plain data. */
export interface PermissionFacts {
  permission: string;
  /** The asking webContents' id; null when the check is not made for a page. */
  webContentsId: number | null;
  /** The URL of the asking frame; null when Electron does not say. */
  requestingUrl: string | null;
  /** False for iframes, which never get anything. */
  isMainFrame: boolean;
  /** For `media`: the kinds of device asked for (`video`, `audio`, `unknown`); else empty. */
  mediaTypes: readonly string[];
}

/** Camera only: at least one kind asked for, and every one of them video. */
function isCameraOnly(mediaTypes: readonly string[]): boolean {
  return mediaTypes.length > 0 && mediaTypes.every((type) => type === 'video');
}

function permitted(facts: PermissionFacts, cameraViewIds: readonly number[]): boolean {
  if (facts.permission === CAMERA_PERMISSION) {
    return (
      isCameraOnly(facts.mediaTypes) &&
      facts.webContentsId !== null &&
      cameraViewIds.includes(facts.webContentsId)
    );
  }
  return GRANTED_PERMISSIONS.includes(facts.permission);
}

/**
 * True only for persistent storage, notifications and clipboard writes, and
 * the camera alone for a window in `cameraViewIds` (its camera view open),
 * asked by the top frame of one of the app's own windows while it shows the
 * app itself. Every other permission, and these for anything else (another
 * webContents, an iframe, a page the window was somehow navigated to), is
 * denied.
 */
export function isPermissionGranted(
  facts: PermissionFacts,
  trusted: { webContentsIds: readonly number[]; appUrl: string },
  cameraViewIds: readonly number[],
): boolean {
  if (!permitted(facts, cameraViewIds)) return false;
  if (facts.webContentsId === null || !trusted.webContentsIds.includes(facts.webContentsId)) {
    return false;
  }
  if (!facts.isMainFrame || facts.requestingUrl === null) return false;
  return isAppNavigation(facts.requestingUrl, trusted.appUrl);
}
