import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CAMERA_VIEW_CHANNEL } from '../contract/camera-view';
import { isTrustedSender } from './sender-check';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import { UntrustedSenderError } from './untrusted-sender-error';

/** The app windows whose photo camera view is open: the only ones the camera is granted to. */
export interface CameraViews {
  /** webContents ids of the windows with the camera view open now. */
  openIds(): number[];
}

/**
 * Follows the camera view of each app window as its renderer reports it
 * opening and closing. A window that reloads, goes to another page, crashes
 * or closes says nothing more: the view is taken as closed then too, so the
 * camera is never left granted to a page that no longer shows it.
 */
export function setupCameraViews(trusted: () => TrustedSenders): CameraViews {
  const open = new Set<number>();
  const followed = new WeakSet<WebContents>();

  const follow = (contents: WebContents): void => {
    if (followed.has(contents)) return;
    followed.add(contents);
    const id = contents.id;
    const closed = (): void => {
      open.delete(id);
    };
    // `did-navigate` is a whole new document (a reload too), not a change of its fragment.
    contents.on('did-navigate', closed);
    contents.on('render-process-gone', closed);
    contents.once('destroyed', closed);
  };

  ipcMain.handle(CAMERA_VIEW_CHANNEL, (event: IpcMainInvokeEvent, value: unknown) => {
    if (!isTrustedSender(senderFacts(event), trusted())) {
      throw new UntrustedSenderError(CAMERA_VIEW_CHANNEL);
    }
    if (value === true) {
      follow(event.sender);
      open.add(event.sender.id);
    } else {
      open.delete(event.sender.id);
    }
  });

  return { openIds: () => [...open] };
}
