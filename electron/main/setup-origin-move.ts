import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { isMovedData, MOVE_CHANNELS, MOVE_PAGE, type MovedData } from '../contract/moved-data';
import { finishMove, keepMoved, moveState, takeMoved } from './origin-move';
import { isMovePageSender, isTrustedSender } from './sender-check';
import { guardMoveContents } from './setup-contents-guard';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import { UntrustedSenderError } from './untrusted-sender-error';
import { moveWindowOptions } from './window-options';

/** What reading the old origin needs. */
export interface OldOriginRead {
  /** `app.getPath('userData')`, where the move's state is kept. */
  userDataDir: string;
  /** The built renderer; the move page lies next to `index.html`. */
  rendererDir: string;
  /** The move page's own preload bundle. */
  preloadPath: string;
  /** How long the page may take before the move is left for the next start. */
  timeoutMs: number;
}

/** How a read of the old origin ended; `skipped` when it was read before or the move is over. */
export type OldOriginOutcome =
  'skipped' | 'kept' | 'timed-out' | 'load-failed' | 'crashed' | 'closed' | 'invalid' | 'failed';

/** Warning code under which a read that did not finish is reported. */
const ORIGIN_MOVE_WARNING = 'KENNEL_ORIGIN_MOVE';

/**
 * Reads the old `file://` origin's storage once, in a hidden window on the
 * move page, and keeps it until the app takes it. Whatever goes wrong, the
 * window is closed, the move stays not started (it runs again at the next
 * start; the old origin's data is never touched), a warning is emitted, and
 * this resolves: the app always starts.
 */
export async function readOldOrigin(read: OldOriginRead): Promise<OldOriginOutcome> {
  let outcome: OldOriginOutcome;
  try {
    const state = await moveState(read.userDataDir);
    outcome = state === 'not-started' ? await readInHiddenWindow(read) : 'skipped';
  } catch {
    outcome = 'failed';
  }
  if (outcome !== 'skipped' && outcome !== 'kept') {
    process.emitWarning(`The old origin's data was not read (${outcome}); retried at next start.`, {
      code: ORIGIN_MOVE_WARNING,
    });
  }
  return outcome;
}

function readInHiddenWindow(read: OldOriginRead): Promise<OldOriginOutcome> {
  const url = pathToFileURL(join(read.rendererDir, MOVE_PAGE)).href;
  const window = new BrowserWindow(
    moveWindowOptions(read.preloadPath, { packaged: app.isPackaged }),
  );
  const contents = window.webContents;
  const page = { webContentsId: contents.id, url };
  guardMoveContents(contents);

  return new Promise((resolve) => {
    let over = false;
    const onFailLoad = (
      _event: unknown,
      _code: number,
      _description: string,
      _url: string,
      isMainFrame: boolean,
    ): void => {
      if (isMainFrame) end('load-failed');
    };
    const onPreloadError = (): void => end('load-failed');
    const onGone = (): void => end('crashed');
    const onClosed = (): void => end('closed');
    const timer = setTimeout(() => end('timed-out'), read.timeoutMs);

    function stopWatching(): void {
      clearTimeout(timer);
      ipcMain.removeHandler(MOVE_CHANNELS.deliver);
      ipcMain.removeHandler(MOVE_CHANNELS.failed);
      contents.off('did-fail-load', onFailLoad);
      contents.off('preload-error', onPreloadError);
      contents.off('render-process-gone', onGone);
      window.off('closed', onClosed);
    }

    function end(outcome: OldOriginOutcome): void {
      if (over) return;
      over = true;
      stopWatching();
      if (!window.isDestroyed()) window.destroy();
      resolve(outcome);
    }

    ipcMain.handle(MOVE_CHANNELS.deliver, async (event: IpcMainInvokeEvent, data: unknown) => {
      if (!isMovePageSender(senderFacts(event), page)) {
        throw new UntrustedSenderError(MOVE_CHANNELS.deliver);
      }
      if (!isMovedData(data)) {
        end('invalid');
        throw new TypeError(`Refused ${MOVE_CHANNELS.deliver}: not the shape of moved data.`);
      }
      // One delivery is all there is; nothing may end the move while it is being kept.
      stopWatching();
      try {
        await keepMoved(read.userDataDir, data);
      } catch (error) {
        end('failed');
        throw error;
      }
      end('kept');
    });
    // The page could not read the old origin: no need to wait out the timeout.
    ipcMain.handle(MOVE_CHANNELS.failed, (event: IpcMainInvokeEvent) => {
      if (!isMovePageSender(senderFacts(event), page)) {
        throw new UntrustedSenderError(MOVE_CHANNELS.failed);
      }
      end('failed');
    });
    contents.on('did-fail-load', onFailLoad);
    contents.on('preload-error', onPreloadError);
    contents.on('render-process-gone', onGone);
    window.on('closed', onClosed);
    window.loadURL(url).catch(() => end('load-failed'));
  });
}

/**
 * The app's side of the move: `take` answers what waits to be written back
 * (or null), `stored` declares the move over. Only the app's own windows may
 * ask, as for every bridge call. `stored` counts only after `take` handed
 * data out, so a call at any other time cannot end a move whose data was
 * never written back.
 */
export function setupMovedDataIpc(userDataDir: string, trusted: () => TrustedSenders): void {
  let handedOut = false;
  const checked = (channel: string, event: IpcMainInvokeEvent): void => {
    if (!isTrustedSender(senderFacts(event), trusted())) throw new UntrustedSenderError(channel);
  };
  ipcMain.handle(
    MOVE_CHANNELS.take,
    async (event: IpcMainInvokeEvent): Promise<MovedData | null> => {
      checked(MOVE_CHANNELS.take, event);
      const data = await takeMoved(userDataDir);
      if (data !== null) handedOut = true;
      return data;
    },
  );
  ipcMain.handle(MOVE_CHANNELS.stored, async (event: IpcMainInvokeEvent): Promise<void> => {
    checked(MOVE_CHANNELS.stored, event);
    if (handedOut) await finishMove(userDataDir);
  });
}
