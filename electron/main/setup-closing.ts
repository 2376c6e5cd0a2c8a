import { dialog, ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CLOSING_CHANNELS, type ClosingWords } from '../contract/closing';
import { timerDelay } from '../contract/timer';
import { createCloseQuestion } from './close-question';
import { ENGLISH_CLOSING_WORDS, parseClosingWords, parseUnfinishedReport } from './closing-words';
import { isTrustedSender } from './sender-check';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import type { AppWindows } from './setup-window';
import { UntrustedSenderError } from './untrusted-sender-error';

/** What the closing question needs from the rest of the main process. */
export interface ClosingSetup {
  windows: AppWindows;
  trusted: () => TrustedSenders;
}

/** A message box over the app window when there is one, else on its own. */
function messageBox(
  window: BrowserWindow | null,
  options: Electron.MessageBoxOptions,
): Promise<Electron.MessageBoxReturnValue> {
  return window === null || window.isDestroyed()
    ? dialog.showMessageBox(options)
    : dialog.showMessageBox(window, options);
}

/**
 * The main process's side of "closing asks first": takes the window's reports
 * of what is unfinished and the question's words, and gives the desk's close
 * (`desk-closing.ts`, its one owner) the question to ask before the quit copy.
 * Only the app's own window may tell it anything, as for every bridge call.
 */
export function setupClosing(setup: ClosingSetup): { askFirst(): Promise<boolean> } {
  let words: ClosingWords = ENGLISH_CLOSING_WORDS;
  const send = (channel: string, ...args: unknown[]): void => {
    const window = setup.windows.current();
    if (window !== null && !window.isDestroyed()) window.webContents.send(channel, ...args);
  };
  const question = createCloseQuestion({
    askReport: () => send(CLOSING_CHANNELS.reportWanted),
    askSend: (ask) => send(CLOSING_CHANNELS.sendNow, ask),
    show: async (box) => {
      const answer = await messageBox(setup.windows.current(), {
        type: 'question',
        title: box.title,
        message: box.message,
        detail: box.detail,
        buttons: box.buttons,
        defaultId: box.defaultId,
        cancelId: box.cancelId,
        // Windows would show the choices as links under the text; they are buttons.
        noLink: true,
      });
      return answer.response;
    },
    tell: async (message, ok) => {
      await messageBox(setup.windows.current(), { type: 'info', message, buttons: [ok] });
    },
    words: () => words,
    after: (ms, then) => {
      const timer = setTimeout(then, timerDelay(ms));
      return () => clearTimeout(timer);
    },
  });

  setup.windows.onOpen((window) => {
    window.on('closed', () => question.windowGone());
    window.webContents.on('render-process-gone', () => question.windowGone());
  });

  const checked = (channel: string, event: IpcMainInvokeEvent): void => {
    if (!isTrustedSender(senderFacts(event), setup.trusted())) {
      throw new UntrustedSenderError(channel);
    }
  };
  const refused = (channel: string, what: string): TypeError =>
    new TypeError(`Refused ${channel}: ${what}.`);

  ipcMain.handle(CLOSING_CHANNELS.report, async (event: IpcMainInvokeEvent, value: unknown) => {
    checked(CLOSING_CHANNELS.report, event);
    const report = parseUnfinishedReport(value);
    if (report === null)
      throw refused(CLOSING_CHANNELS.report, 'not a report of what is unfinished');
    question.reported(report);
  });
  ipcMain.handle(
    CLOSING_CHANNELS.sent,
    async (event: IpcMainInvokeEvent, ask: unknown, value: unknown) => {
      checked(CLOSING_CHANNELS.sent, event);
      const report = parseUnfinishedReport(value);
      if (!Number.isSafeInteger(ask) || report === null) {
        throw refused(CLOSING_CHANNELS.sent, 'not the end of a sending and what it left');
      }
      question.sent(ask as number, report);
    },
  );
  ipcMain.handle(CLOSING_CHANNELS.words, async (event: IpcMainInvokeEvent, value: unknown) => {
    checked(CLOSING_CHANNELS.words, event);
    const parsed = parseClosingWords(value);
    if (parsed === null) throw refused(CLOSING_CHANNELS.words, 'not the closing question’s words');
    words = parsed;
  });

  return { askFirst: () => question.ask() };
}
