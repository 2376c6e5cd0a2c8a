/**
 * Closing asks first: the desktop app's side of the question asked when the
 * desk closes with animals still on this computer. The window keeps the main
 * process told what is unfinished (it is the only one that can read the
 * profiles' databases); the main process owns the close, asks staff with a
 * native dialog and, for "Send now and close", asks the window to send.
 * Browser mode asks through `beforeunload` instead and has none of it.
 */

/** IPC channels of the closing question. */
export const CLOSING_CHANNELS = {
  /** Window → main: what is unfinished now (`UnfinishedReport`), each time it changes. */
  report: 'kennel-closing:report',
  /** Main → window: a close is starting; report now (a number the answer need not carry). */
  reportWanted: 'kennel-closing:report-wanted',
  /** Main → window: send what waits now (the ask's number); the window answers with `sent`. */
  sendNow: 'kennel-closing:send-now',
  /** Window → main: the sending asked for ended (the ask's number and the report after it). */
  sent: 'kennel-closing:sent',
  /** Window → main: the question's words in the language staff chose (`ClosingWords`). */
  words: 'kennel-closing:words',
} as const;

/** What is unfinished on this desk, across every profile. */
export interface UnfinishedReport {
  /** Waiting to be sent, held ones included, in every profile. */
  waiting: number;
  /** Being corrected: they wait for staff. */
  correcting: number;
  /** Needing attention (refused or set aside): they wait for staff. */
  attention: number;
  /** Of all these, how many are in a profile other than the one on screen. */
  elsewhere: number;
  /** Waiting (or held) in the profile on screen: what "Send now" can send. */
  sendable: number;
  /** The service was reached lately: "Send now and close" is offered. */
  online: boolean;
}

/** A sentence with a count in it (`{n}`), for one animal and for several. */
export interface CountedWords {
  one: string;
  other: string;
}

/** The closing question's words. */
export interface ClosingWords {
  /** The dialog's first line. */
  title: string;
  waiting: CountedWords;
  correcting: CountedWords;
  attention: CountedWords;
  /** What becomes of waiting animals when Kennel closes. */
  whenReopened: string;
  /** What becomes of those being corrected or needing attention. */
  forStaff: string;
  /** What becomes of those in another profile. */
  elsewhere: CountedWords;
  keepOpen: string;
  sendAndClose: string;
  /** Close, while some are waiting to be sent. */
  closeSent: string;
  /** Close, while only those for staff are left. */
  closeKept: string;
  /** After "Send now and close": some could not be sent, so Kennel stays open. */
  notAllSent: CountedWords;
  /** The button of that notice. */
  ok: string;
}

/** The longest word (sentence) the window may send. */
export const CLOSING_WORD_MAX = 300;

/** What the window finds as `window.kennelClosing` in the desktop app. */
export interface ClosingApi {
  /** Tells the main process what is unfinished now. */
  report(report: UnfinishedReport): Promise<void>;
  /** Called when the main process wants a report now; returns the unsubscribe. */
  onReportWanted(listener: () => void): () => void;
  /** Called when staff chose "Send now and close", with the ask's number; returns the unsubscribe. */
  onSendNow(listener: (ask: number) => void): () => void;
  /** Tells the main process the sending of ask `ask` ended, with what is left. */
  sent(ask: number, report: UnfinishedReport): Promise<void>;
  words(words: ClosingWords): Promise<void>;
}
