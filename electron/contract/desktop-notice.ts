/**
 * A desktop notification the renderer asks Electron's main process to show.
 * Not a bridge method: it has no profile, no result to wait for, and no
 * browser-mode counterpart (there the page uses the Notification API itself).
 */
export interface DesktopNotice {
  title: string;
  body: string;
}

/** IPC channel of {@link DesktopNotice}s (Electron only). */
export const NOTIFY_CHANNEL = 'kennel-notify:show';

/** Longest title and body shown; a notice is a line or two, never a dump. */
export const NOTICE_LIMITS = { title: 120, body: 400 } as const;
