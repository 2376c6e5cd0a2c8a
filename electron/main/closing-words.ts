/**
 * The closing question as staff read it: its words (in English until the
 * window sends them in the language staff chose, as the File menu's), the
 * checks on what the window sends, and the dialog built from a report. Plain
 * code, tested in Node.
 */
import {
  CLOSING_WORD_MAX,
  type ClosingWords,
  type CountedWords,
  type UnfinishedReport,
} from '../contract/closing';

/** The question's words until the window says which language staff chose. */
export const ENGLISH_CLOSING_WORDS: ClosingWords = {
  title: 'Some animals are not on the service yet',
  waiting: {
    one: '{n} animal is still waiting to be sent',
    other: '{n} animals are still waiting to be sent',
  },
  correcting: { one: '{n} is being corrected', other: '{n} are being corrected' },
  attention: { one: '{n} needs attention', other: '{n} need attention' },
  whenReopened:
    'They stay on this computer and are sent when Kennel opens again and can reach the service.',
  forStaff: 'Those being corrected or needing attention wait on this computer for you.',
  elsewhere: {
    one: '{n} of them is in another profile: it waits until that profile is opened again.',
    other: '{n} of them are in another profile: they wait until that profile is opened again.',
  },
  keepOpen: 'Keep Kennel open',
  sendAndClose: 'Send now and close',
  closeSent: 'Close: they are sent when Kennel opens again',
  closeKept: 'Close: they wait here for when Kennel opens again',
  notAllSent: {
    one: '{n} animal could not be sent now, so Kennel stays open.',
    other: '{n} animals could not be sent now, so Kennel stays open.',
  },
  ok: 'OK',
};

/** C0 and C1 control characters and DEL: each word is one line of plain text. */
function isLine(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > CLOSING_WORD_MAX) {
    return false;
  }
  return ![...value].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasExactly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(value).sort().join() === [...keys].sort().join();
}

const LINE_KEYS = [
  'title',
  'whenReopened',
  'forStaff',
  'keepOpen',
  'sendAndClose',
  'closeSent',
  'closeKept',
  'ok',
] as const;
const COUNTED_KEYS = ['waiting', 'correcting', 'attention', 'elsewhere', 'notAllSent'] as const;

function parseCounted(value: unknown): CountedWords | null {
  if (!isRecord(value) || !hasExactly(value, ['one', 'other'])) return null;
  return isLine(value.one) && isLine(value.other) ? { one: value.one, other: value.other } : null;
}

/**
 * The words the window sent, when they are exactly the question's words, each
 * one short line of plain text; anything else is refused, not trimmed, since
 * only Kennel's own code sends them.
 */
export function parseClosingWords(value: unknown): ClosingWords | null {
  if (!isRecord(value) || !hasExactly(value, [...LINE_KEYS, ...COUNTED_KEYS])) return null;
  const words: Record<string, unknown> = {};
  for (const key of LINE_KEYS) {
    if (!isLine(value[key])) return null;
    words[key] = value[key];
  }
  for (const key of COUNTED_KEYS) {
    const counted = parseCounted(value[key]);
    if (counted === null) return null;
    words[key] = counted;
  }
  return words as unknown as ClosingWords;
}

const COUNT_KEYS = ['waiting', 'correcting', 'attention', 'elsewhere', 'sendable'] as const;
/** More animals than any desk holds: a count past it is not a count. */
const MOST_ANIMALS = 10_000_000;

/** The report the window sent, when it is one; null otherwise. */
export function parseUnfinishedReport(value: unknown): UnfinishedReport | null {
  if (!isRecord(value) || !hasExactly(value, [...COUNT_KEYS, 'online'])) return null;
  for (const key of COUNT_KEYS) {
    const n = value[key];
    if (!Number.isSafeInteger(n) || (n as number) < 0 || (n as number) > MOST_ANIMALS) return null;
  }
  if (typeof value.online !== 'boolean') return null;
  return value as unknown as UnfinishedReport;
}

/** Whether anything in `report` is unfinished, so a close asks first. */
export function hasUnfinished(report: UnfinishedReport | null): report is UnfinishedReport {
  return report !== null && report.waiting + report.correcting + report.attention > 0;
}

/** `words` for `n`. */
export function counted(words: CountedWords, n: number): string {
  return (n === 1 ? words.one : words.other).replaceAll('{n}', String(n));
}

/** What staff can answer. */
type ClosingChoice = 'keep-open' | 'send-and-close' | 'close';

/** A native message box's options, and which choice each button is. */
export interface ClosingDialog {
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  choices: ClosingChoice[];
  /** Keep Kennel open: the default button, and what Esc does. */
  defaultId: number;
  cancelId: number;
}

/**
 * The question for `report`: how many, what becomes of them, and the
 * choices. "Send now and close" only when the service was reached lately and
 * the profile on screen has something to send.
 */
export function closingDialog(report: UnfinishedReport, words: ClosingWords): ClosingDialog {
  const parts: string[] = [];
  if (report.waiting > 0) parts.push(counted(words.waiting, report.waiting));
  if (report.correcting > 0) parts.push(counted(words.correcting, report.correcting));
  if (report.attention > 0) parts.push(counted(words.attention, report.attention));
  const detail: string[] = [];
  if (report.waiting > 0) detail.push(words.whenReopened);
  if (report.correcting + report.attention > 0) detail.push(words.forStaff);
  if (report.elsewhere > 0) detail.push(counted(words.elsewhere, report.elsewhere));
  const buttons = [words.keepOpen];
  const choices: ClosingChoice[] = ['keep-open'];
  if (report.online && report.sendable > 0) {
    buttons.push(words.sendAndClose);
    choices.push('send-and-close');
  }
  buttons.push(report.waiting > 0 ? words.closeSent : words.closeKept);
  choices.push('close');
  return {
    title: words.title,
    message: `${parts.join(', ')}.`,
    detail: detail.join(' '),
    buttons,
    choices,
    defaultId: 0,
    cancelId: 0,
  };
}
