import { isAppNavigation } from './navigation-rule';

/**
 * The one browser permission Kennel asks for: `navigator.storage.persist()`,
 * so the intake outbox in IndexedDB is not evicted under disk pressure.
 * Electron reports it under the Permissions API name.
 */
export const PERSISTENT_STORAGE_PERMISSION = 'persistent-storage';

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
 * True only for persistent storage, asked by the top frame of one of the app's
 * own windows while it shows the app itself. Every other permission, and this
 * one for anything else (another webContents, an iframe, a page the window was
 * somehow navigated to), is denied.
 */
export function isPermissionGranted(
  facts: PermissionFacts,
  trusted: { webContentsIds: readonly number[]; appUrl: string },
): boolean {
  if (facts.permission !== PERSISTENT_STORAGE_PERMISSION) return false;
  if (facts.webContentsId === null || !trusted.webContentsIds.includes(facts.webContentsId)) {
    return false;
  }
  if (!facts.isMainFrame || facts.requestingUrl === null) return false;
  return isAppNavigation(facts.requestingUrl, trusted.appUrl);
}
