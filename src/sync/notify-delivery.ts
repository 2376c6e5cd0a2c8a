/**
 * Shows a {@link DesktopNotice}. In Electron the preload's `kennelNotify` asks
 * the main process, which shows it with Electron's `Notification` for the
 * app's own window only. In a browser the Notification API is used once the
 * user has turned it on with a click, since browsers only ask after a gesture.
 */
import type { DesktopNotice } from '../../electron/contract/desktop-notice';

export type NoticePermission = 'granted' | 'denied' | 'default' | 'unsupported';

type ElectronNotify = (notice: DesktopNotice) => Promise<unknown>;

function electronNotify(): ElectronNotify | null {
  const candidate = (globalThis as { kennelNotify?: unknown }).kennelNotify;
  return typeof candidate === 'function' ? (candidate as ElectronNotify) : null;
}

function webNotification(): typeof Notification | null {
  const candidate = (globalThis as { Notification?: unknown }).Notification;
  return typeof candidate === 'function' ? (candidate as typeof Notification) : null;
}

/** Whether notices can be shown now, or why not. The desktop app needs no asking. */
export function noticePermission(): NoticePermission {
  if (electronNotify() !== null) return 'granted';
  return webNotification()?.permission ?? 'unsupported';
}

/** Asks the user; call only from a click or key press. */
export async function askNoticePermission(): Promise<NoticePermission> {
  if (electronNotify() !== null) return 'granted';
  const api = webNotification();
  if (api === null) return 'unsupported';
  return api.requestPermission();
}

/** Shows `notice` if allowed; quietly does nothing otherwise. */
export function showNotice(notice: DesktopNotice): void {
  const electron = electronNotify();
  if (electron !== null) {
    // A notice is a courtesy: the sync panel already shows the same facts.
    electron(notice).catch(() => undefined);
    return;
  }
  const api = webNotification();
  if (api?.permission !== 'granted') return;
  try {
    new api(notice.title, { body: notice.body });
  } catch {
    // Some browsers only allow notices from a service worker; the panel still says it.
  }
}
