import { isAppNavigation } from './navigation-rule';

/**
 * The one browser permission Kennel asks for: `navigator.storage.persist()`,
 * so the intake outbox in IndexedDB is not evicted under disk pressure.
 * Electron reports it under the Permissions API name.
 */
export const PERSISTENT_STORAGE_PERMISSION = 'persistent-storage';

/**
 * Desktop notifications: the sync status tells staff when the queue kept
 * offline has been sent or an animal needs attention.
 */
export const NOTIFICATIONS_PERMISSION = 'notifications';

/**
 * Writing text to the clipboard (`navigator.clipboard.writeText`), which
 * Electron asks for under this name: "Copy diagnostics" in Settings puts its
 * record there. Only writing: the app never reads what else is on the
 * clipboard (`clipboard-read` stays denied).
 */
export const CLIPBOARD_WRITE_PERMISSION = 'clipboard-sanitized-write';

/** Every permission Kennel's own window may have; nothing else ever is granted. */
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
}

/**
 * True only for persistent storage, notifications and clipboard writes,
 * asked by the top frame of one of the app's own windows while it shows the
 * app itself. Every other permission, and these for anything else (another
 * webContents, an iframe, a page the window was somehow navigated to), is
 * denied.
 */
export function isPermissionGranted(
  facts: PermissionFacts,
  trusted: { webContentsIds: readonly number[]; appUrl: string },
): boolean {
  if (!GRANTED_PERMISSIONS.includes(facts.permission)) return false;
  if (facts.webContentsId === null || !trusted.webContentsIds.includes(facts.webContentsId)) {
    return false;
  }
  if (!facts.isMainFrame || facts.requestingUrl === null) return false;
  return isAppNavigation(facts.requestingUrl, trusted.appUrl);
}
