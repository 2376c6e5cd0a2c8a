import { ipcMain, Notification, type IpcMainInvokeEvent } from 'electron';
import { NOTICE_LIMITS, NOTIFY_CHANNEL, type DesktopNotice } from '../contract/desktop-notice';
import { isTrustedSender } from './sender-check';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import { UntrustedSenderError } from './untrusted-sender-error';

/**
 * The notice a renderer sent, if it is one: a short title and body of plain
 * text. Anything else (other fields, other types, oversized text) is refused
 * rather than trimmed, since only Kennel's own code sends here.
 */
function parseDesktopNotice(value: unknown): DesktopNotice | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value).sort();
  if (keys.join() !== 'body,title') return null;
  const { title, body } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  if (title.trim() === '' || title.length > NOTICE_LIMITS.title) return null;
  if (body.length > NOTICE_LIMITS.body) return null;
  return { title, body };
}

/**
 * Shows desktop notices for the app's own window with Electron's
 * `Notification`. Answers true when one was shown; a call from anywhere else
 * is refused like any bridge call.
 */
export function setupNotifications(trusted: () => TrustedSenders): void {
  ipcMain.handle(NOTIFY_CHANNEL, (event: IpcMainInvokeEvent, value: unknown) => {
    if (!isTrustedSender(senderFacts(event), trusted())) {
      throw new UntrustedSenderError(NOTIFY_CHANNEL);
    }
    const notice = parseDesktopNotice(value);
    if (notice === null || !Notification.isSupported()) return false;
    new Notification({ title: notice.title, body: notice.body }).show();
    return true;
  });
}
