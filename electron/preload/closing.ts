/**
 * The object the preload exposes as `window.kennelClosing`: the window's side
 * of the question asked when the desk closes. Only plain values cross: the
 * page's counts and words copied into fresh objects, and from the main
 * process only an ask's number (never the IPC event, which carries the
 * sender). Pure over the three `ipcRenderer` calls it needs, so it is
 * unit-tested in Node.
 */
import {
  CLOSING_CHANNELS,
  type ClosingApi,
  type ClosingWords,
  type CountedWords,
  type UnfinishedReport,
} from '../contract/closing';

/** The part of `ipcRenderer` the closing's side needs. */
export interface ClosingIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

function plainReport(report: UnfinishedReport): UnfinishedReport {
  return {
    waiting: Number(report.waiting),
    correcting: Number(report.correcting),
    attention: Number(report.attention),
    elsewhere: Number(report.elsewhere),
    sendable: Number(report.sendable),
    online: report.online === true,
  };
}

function plainCounted(words: CountedWords): CountedWords {
  return { one: String(words.one), other: String(words.other) };
}

function plainWords(words: ClosingWords): ClosingWords {
  return {
    title: String(words.title),
    waiting: plainCounted(words.waiting),
    correcting: plainCounted(words.correcting),
    attention: plainCounted(words.attention),
    whenReopened: String(words.whenReopened),
    forStaff: String(words.forStaff),
    elsewhere: plainCounted(words.elsewhere),
    keepOpen: String(words.keepOpen),
    sendAndClose: String(words.sendAndClose),
    closeSent: String(words.closeSent),
    closeKept: String(words.closeKept),
    notAllSent: plainCounted(words.notAllSent),
    ok: String(words.ok),
  };
}

/** Builds `window.kennelClosing` over `ipc`. */
export function createClosingApi(ipc: ClosingIpc): ClosingApi {
  const listen = (channel: string, heard: (event: unknown, value: unknown) => void) => {
    ipc.on(channel, heard);
    return () => {
      ipc.removeListener(channel, heard);
    };
  };
  return Object.freeze({
    report: async (report: UnfinishedReport) => {
      await ipc.invoke(CLOSING_CHANNELS.report, plainReport(report));
    },
    onReportWanted: (listener: () => void) =>
      listen(CLOSING_CHANNELS.reportWanted, () => listener()),
    onSendNow: (listener: (ask: number) => void) =>
      listen(CLOSING_CHANNELS.sendNow, (_event, ask) => {
        if (Number.isSafeInteger(ask)) listener(ask as number);
      }),
    sent: async (ask: number, report: UnfinishedReport) => {
      await ipc.invoke(CLOSING_CHANNELS.sent, Number(ask), plainReport(report));
    },
    words: async (words: ClosingWords) => {
      await ipc.invoke(CLOSING_CHANNELS.words, plainWords(words));
    },
  });
}
