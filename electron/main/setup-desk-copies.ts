import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { DESK_CHANNELS, type DeskCopyInfo, type DeskCopyReason } from '../contract/desk-copies';
import { timerDelay } from '../contract/timer';
import { createDeskCopies } from '../core/desk-copies/desk-copies';
import { parseMenuWords, type AppMenu } from './app-menu';
import { startDailyCopy } from './daily-desk-copy';
import { createDeskClosing } from './desk-closing';
import { isTrustedSender } from './sender-check';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import type { AppWindows } from './setup-window';
import { UntrustedSenderError } from './untrusted-sender-error';

/** Warning code under which a copy that could not be kept is reported. */
const DESK_COPY_WARNING = 'KENNEL_DESK_COPY';

/** What the desk's copies need from the rest of the main process. */
export interface DeskCopiesSetup {
  /** `app.getPath('userData')`; the copies are kept in its `desk-copies` folder. */
  dataDir: string;
  windows: AppWindows;
  trusted: () => TrustedSenders;
  menu: AppMenu;
  /** Asked before the quit copy when the desk closes (`setup-closing.ts`): true goes on. */
  askFirst?: () => Promise<boolean>;
}

/** Why the window says it sends a copy, if it is one of the two reasons. */
function parseCopyReason(value: unknown): DeskCopyReason | null {
  return value === 'daily' || value === 'quit' ? value : null;
}

/**
 * The main process's side of the desk file: keeps the copies the window
 * hands over, lists and hands them back, asks for one each day and when the
 * desk closes, and takes the File menu's words. Only the app's own window may
 * ask anything, as for every bridge call. `stop` ends the daily looks (at quit).
 */
export function setupDeskCopies(setup: DeskCopiesSetup): { stop(): void } {
  const copies = createDeskCopies(setup.dataDir);
  const after = (ms: number, then: () => void): (() => void) => {
    const timer = setTimeout(then, timerDelay(ms));
    return () => clearTimeout(timer);
  };
  const hasWindow = (): boolean => setup.windows.current() !== null;
  const ask = (reason: DeskCopyReason): void => {
    setup.windows.current()?.webContents.send(DESK_CHANNELS.wanted, reason);
  };
  const closing = createDeskClosing({
    hasWindow,
    ask: () => ask('quit'),
    after,
    ...(setup.askFirst === undefined ? {} : { askFirst: setup.askFirst }),
  });
  const daily = startDailyCopy({
    dueNow: (now) => copies.dueNow(now),
    now: Date.now,
    hasWindow,
    closing: () => closing.state() !== 'open',
    ask: () => ask('daily'),
    after,
  });

  app.on('before-quit', (event) => {
    if (closing.hold(() => app.quit())) event.preventDefault();
  });
  setup.windows.onOpen((window) => {
    closing.reopened();
    // On Windows and Linux closing the window is quitting, and by `before-quit` it is gone.
    window.on('close', (event) => {
      const closeAgain = (): void => {
        if (!window.isDestroyed()) window.close();
      };
      if (closing.hold(closeAgain)) event.preventDefault();
    });
    window.on('closed', () => closing.windowGone());
    window.webContents.on('render-process-gone', () => closing.windowGone());
  });

  const checked = (channel: string, event: IpcMainInvokeEvent): void => {
    if (!isTrustedSender(senderFacts(event), setup.trusted())) {
      throw new UntrustedSenderError(channel);
    }
  };

  ipcMain.handle(
    DESK_CHANNELS.keep,
    async (event: IpcMainInvokeEvent, bytes: unknown, reason: unknown): Promise<boolean> => {
      checked(DESK_CHANNELS.keep, event);
      const why = parseCopyReason(reason);
      if (why === null || !(bytes === null || bytes instanceof Uint8Array)) {
        throw new TypeError(`Refused ${DESK_CHANNELS.keep}: not a copy and why it was made.`);
      }
      try {
        if (bytes === null) return false;
        await copies.keep(bytes, Date.now());
        return true;
      } catch (error) {
        process.emitWarning(`A desk copy was not kept: ${String(error)}`, {
          code: DESK_COPY_WARNING,
        });
        return false;
      } finally {
        if (why === 'quit') closing.kept();
      }
    },
  );
  ipcMain.handle(DESK_CHANNELS.list, async (event: IpcMainInvokeEvent): Promise<DeskCopyInfo[]> => {
    checked(DESK_CHANNELS.list, event);
    return copies.list();
  });
  ipcMain.handle(
    DESK_CHANNELS.read,
    async (event: IpcMainInvokeEvent, name: unknown): Promise<Uint8Array | null> => {
      checked(DESK_CHANNELS.read, event);
      if (typeof name !== 'string') {
        throw new TypeError(`Refused ${DESK_CHANNELS.read}: a copy is named by text.`);
      }
      return copies.read(name);
    },
  );
  ipcMain.handle(
    DESK_CHANNELS.menuWords,
    async (event: IpcMainInvokeEvent, value: unknown): Promise<void> => {
      checked(DESK_CHANNELS.menuWords, event);
      const words = parseMenuWords(value);
      if (words === null) {
        throw new TypeError(`Refused ${DESK_CHANNELS.menuWords}: not the File menu's four words.`);
      }
      setup.menu.setWords(words);
    },
  );

  return { stop: () => daily.stop() };
}
