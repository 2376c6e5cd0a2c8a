/**
 * The question asked when the desk closes with animals not sent yet. The
 * window keeps the main process told what is unfinished; at a close it is
 * asked for a fresh report, waited for a moment at most (a window that hangs
 * must not keep Kennel from closing), and staff are asked with what was last
 * known. "Send now and close" asks the window to send and closes once nothing
 * is left to send; what could not be sent is said, and Kennel stays open.
 * Plain code with the clock, the window and the dialog passed in, tested in Node.
 */
import type { ClosingWords, UnfinishedReport } from '../contract/closing';
import { closingDialog, counted, hasUnfinished, type ClosingDialog } from './closing-words';

/** How long a close waits for the window's fresh report before asking with what it knew. */
const CLOSING_REPORT_WAIT_MS = 1_500;

/** How long "Send now and close" waits for the sending to end before saying it did not. */
const CLOSING_SEND_WAIT_MS = 60_000;

/** What the question needs from the window, the dialog and the clock. */
export interface CloseQuestionDeps {
  /** Asks the window for a fresh report (it answers through {@link CloseQuestion.reported}). */
  askReport(): void;
  /** Asks the window to send what waits (it answers through {@link CloseQuestion.sent}). */
  askSend(ask: number): void;
  /** Shows the question; resolves to the index of the button chosen. */
  show(dialog: ClosingDialog): Promise<number>;
  /** Says something that needs only an OK. */
  tell(message: string, ok: string): Promise<void>;
  /** The words in the language staff chose (English until the window sent them). */
  words(): ClosingWords;
  /** Calls `then` after `ms` unless the returned cancel is called first. */
  after(ms: number, then: () => void): () => void;
}

/** The closing question, and what the window tells it. */
export interface CloseQuestion {
  /** The window's report of what is unfinished (sent on each change, and when asked). */
  reported(report: UnfinishedReport): void;
  /** The sending of ask `ask` ended, leaving `report`. */
  sent(ask: number, report: UnfinishedReport): void;
  /** The window crashed or closed: a wait on it ends now. */
  windowGone(): void;
  /** Asks staff when anything is unfinished: true to go on closing, false to keep Kennel open. */
  ask(): Promise<boolean>;
}

export function createCloseQuestion(deps: CloseQuestionDeps): CloseQuestion {
  let last: UnfinishedReport | null = null;
  let sends = 0;
  // Each wait on the window, ended by its answer, the clock or the window going.
  const waits = new Set<{ end: (value: UnfinishedReport | null) => void; ask: number | null }>();

  /** Waits for the window's answer (a report, or the end of sending `ask`); null if none came. */
  const waitFor = (ms: number, ask: number | null): Promise<UnfinishedReport | null> =>
    new Promise((resolve) => {
      const wait = {
        ask,
        end: (value: UnfinishedReport | null) => {
          waits.delete(wait);
          cancel();
          resolve(value);
        },
      };
      const cancel = deps.after(ms, () => wait.end(null));
      waits.add(wait);
    });

  const endWaits = (ask: number | null, report: UnfinishedReport | null): void => {
    for (const wait of [...waits]) if (wait.ask === ask || report === null) wait.end(report);
  };

  let gone = false;

  async function sendAndClose(): Promise<boolean> {
    sends += 1;
    const ask = sends;
    const answer = waitFor(CLOSING_SEND_WAIT_MS, ask);
    deps.askSend(ask);
    const after = await answer;
    if (gone) return true;
    if (after !== null && after.sendable === 0) return true;
    const words = deps.words();
    const left = after?.sendable ?? last?.sendable ?? 0;
    await deps.tell(counted(words.notAllSent, Math.max(1, left)), words.ok);
    return false;
  }

  return {
    reported(report) {
      last = report;
      endWaits(null, report);
    },
    sent(ask, report) {
      last = report;
      endWaits(ask, report);
    },
    windowGone() {
      gone = true;
      endWaits(null, null);
    },
    async ask() {
      gone = false;
      const fresh = waitFor(CLOSING_REPORT_WAIT_MS, null);
      deps.askReport();
      // A window that does not answer in time is asked about with what it said last.
      await fresh;
      if (gone || !hasUnfinished(last)) return true;
      const dialog = closingDialog(last, deps.words());
      const choice = dialog.choices[await deps.show(dialog)] ?? 'keep-open';
      if (choice === 'keep-open') return false;
      if (choice === 'close') return true;
      return sendAndClose();
    },
  };
}
