import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CLOSING_CHANNELS, type UnfinishedReport } from '../../../electron/contract/closing';
import { DESK_CHANNELS } from '../../../electron/contract/desk-copies';
import { useTempDirs } from '../core/helpers/temp-dir';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, fakeEvent } = await import('../mocks/electron');
const { setupAppMenu } = await import('../../../electron/main/app-menu');
const { ENGLISH_CLOSING_WORDS } = await import('../../../electron/main/closing-words');
const { setupClosing } = await import('../../../electron/main/setup-closing');
const { setupDeskCopies } = await import('../../../electron/main/setup-desk-copies');
const { setupWindow } = await import('../../../electron/main/setup-window');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

/**
 * The desktop app's close, as its one owner runs it: the question about
 * animals not sent yet, then the quit copy, then the close. Electron's
 * window, app and dialog are the shared mock; the window's side is played by
 * the test through the IPC handlers the main process registered.
 */

const APP_URL = 'kennel://app/index.html';
/** How long a close waits for the window's fresh report: a moment, 1.5 seconds. */
const CLOSING_REPORT_WAIT_MS = 1_500;
/** How long "Send now and close" waits for the sending to end: a minute. */
const CLOSING_SEND_WAIT_MS = 60_000;
const tempDir = useTempDirs();

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown> | unknown;
type FakeWindow = InstanceType<typeof electronMock.BrowserWindow>;

const NOTHING: UnfinishedReport = {
  waiting: 0,
  correcting: 0,
  attention: 0,
  elsewhere: 0,
  sendable: 0,
  online: true,
};
const TWO_WAITING_ONE_REFUSED: UnfinishedReport = {
  ...NOTHING,
  waiting: 2,
  attention: 1,
  sendable: 2,
};

let stop: (() => void) | null = null;
const quit = vi.spyOn(electronMock.app, 'quit');

async function started() {
  const dataDir = await tempDir();
  const windows = setupWindow(APP_URL, '/app/out/preload/index.cjs');
  const menu = setupAppMenu(windows, { platform: 'linux', devTools: false });
  const trusted = () => ({ webContentsIds: windows.webContentsIds(), appUrl: APP_URL });
  const { askFirst } = setupClosing({ windows, trusted });
  stop = setupDeskCopies({ dataDir, windows, trusted, menu, askFirst }).stop;
  const window = windows.open() as unknown as FakeWindow;
  const handler = (channel: string): Handler => {
    const found = electronMock.ipcMain.handlers.get(channel);
    if (found === undefined) throw new Error(`no handler for ${channel}`);
    return found;
  };
  const from = (sender: FakeWindow = window, url = APP_URL) => ({
    sender: { id: sender.webContents.id },
    senderFrame: { url, parent: null },
  });
  /** The window tells the main process what is unfinished. */
  const report = (value: UnfinishedReport) => handler(CLOSING_CHANNELS.report)(from(), value);
  /** What the main process sent the window on `channel`, in order. */
  const sent = (channel: string): unknown[][] =>
    window.webContents.sent.filter((m) => m.channel === channel).map((m) => m.args);
  /** The window answers each ask for a report with `value` (as the page does). */
  const answerReportsWith = (value: UnfinishedReport): void => {
    const send = window.webContents.send.bind(window.webContents);
    window.webContents.send = (channel: string, ...args: unknown[]) => {
      send(channel, ...args);
      if (channel === CLOSING_CHANNELS.reportWanted) void report(value);
    };
  };
  return { window, handler, from, report, sent, answerReportsWith };
}

/** The question's buttons shown last, by their words. */
function lastButtons(): string[] {
  return electronMock.dialog.shown.at(-1)?.buttons ?? [];
}

/** Staff pick the button that reads `label`. */
function staffPick(label: string): void {
  electronMock.dialog.answer = (options) => options.buttons?.indexOf(label) ?? 0;
}

beforeEach(() => {
  electronMock.reset();
  quit.mockClear();
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

describe('closing the window asks first', () => {
  it('asks with how many and keeps Kennel open by default (and on Esc)', async () => {
    const { window, answerReportsWith, sent } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    window.close();
    expect(window.isDestroyed()).toBe(false);
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    const box = electronMock.dialog.shown[0];
    expect(box?.message).toBe('2 animals are still waiting to be sent, 1 needs attention.');
    expect(box?.detail).toContain('are sent when Kennel opens again');
    expect(box?.buttons).toEqual([
      'Keep Kennel open',
      'Send now and close',
      'Close: they are sent when Kennel opens again',
    ]);
    expect(box?.defaultId).toBe(0);
    expect(box?.cancelId).toBe(0);
    // The mock answers the default: Keep Kennel open. Nothing closes, no copy is asked.
    await vi.waitFor(() => expect(sent(DESK_CHANNELS.wanted)).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(window.isDestroyed()).toBe(false);
    expect(sent(DESK_CHANNELS.wanted)).toEqual([]);

    // The next close asks again.
    window.close();
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(2));
    expect(window.isDestroyed()).toBe(false);
  });

  it('closes anyway when staff choose so: the quit copy first, then the window goes', async () => {
    const { window, answerReportsWith, sent, handler, from } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    staffPick('Close: they are sent when Kennel opens again');
    window.close();
    await vi.waitFor(() => expect(sent(DESK_CHANNELS.wanted)).toEqual([['quit']]));
    expect(window.isDestroyed()).toBe(false);
    await handler(DESK_CHANNELS.keep)(from(), new Uint8Array([1]), 'quit');
    expect(window.isDestroyed()).toBe(true);
    expect(sent(CLOSING_CHANNELS.sendNow)).toEqual([]);
    // The app's quit that follows is not asked again.
    const after = fakeEvent({});
    electronMock.app.emit('before-quit', after);
    expect(after.defaultPrevented).toBe(false);
    expect(electronMock.dialog.shown).toHaveLength(1);
  });

  it('sends now and closes once nothing is left to send', async () => {
    const { window, answerReportsWith, sent, handler, from } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    staffPick('Send now and close');
    window.close();
    await vi.waitFor(() => expect(sent(CLOSING_CHANNELS.sendNow)).toEqual([[1]]));
    expect(sent(DESK_CHANNELS.wanted)).toEqual([]);
    // The window sent both; the refused one stays for staff, and is no reason to stay open.
    await handler(CLOSING_CHANNELS.sent)(from(), 1, { ...NOTHING, attention: 1 });
    await vi.waitFor(() => expect(sent(DESK_CHANNELS.wanted)).toEqual([['quit']]));
    await handler(DESK_CHANNELS.keep)(from(), null, 'quit');
    expect(window.isDestroyed()).toBe(true);
    expect(electronMock.dialog.shown).toHaveLength(1);
  });

  it('says what could not be sent and keeps Kennel open when the sending leaves some', async () => {
    const { window, answerReportsWith, sent, handler, from } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    staffPick('Send now and close');
    window.close();
    await vi.waitFor(() => expect(sent(CLOSING_CHANNELS.sendNow)).toEqual([[1]]));
    // An answer to another ask is not this one's.
    await handler(CLOSING_CHANNELS.sent)(from(), 7, NOTHING);
    await handler(CLOSING_CHANNELS.sent)(from(), 1, { ...TWO_WAITING_ONE_REFUSED, sendable: 1 });
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(2));
    expect(electronMock.dialog.shown[1]?.message).toBe(
      '1 animal could not be sent now, so Kennel stays open.',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(window.isDestroyed()).toBe(false);
    expect(sent(DESK_CHANNELS.wanted)).toEqual([]);
  });

  it('keeps Kennel open, saying so, when the sending does not end in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { window, answerReportsWith, sent } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    staffPick('Send now and close');
    window.close();
    // (vi.waitFor would move the faked clock on: the promises are let run instead.)
    await vi.advanceTimersByTimeAsync(0);
    expect(sent(CLOSING_CHANNELS.sendNow)).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(CLOSING_SEND_WAIT_MS - 1);
    expect(electronMock.dialog.shown).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(electronMock.dialog.shown).toHaveLength(2);
    expect(electronMock.dialog.shown[1]?.message).toBe(
      '2 animals could not be sent now, so Kennel stays open.',
    );
    expect(window.isDestroyed()).toBe(false);
  });

  it('offers no Send now while the service cannot be reached', async () => {
    const { window, answerReportsWith } = await started();
    answerReportsWith({ ...TWO_WAITING_ONE_REFUSED, online: false });
    window.close();
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    expect(lastButtons()).toEqual([
      'Keep Kennel open',
      'Close: they are sent when Kennel opens again',
    ]);
  });

  it('offers no Send now when only animals waiting for staff are left, and says they wait here', async () => {
    const { window, answerReportsWith } = await started();
    answerReportsWith({ ...NOTHING, correcting: 1, attention: 2 });
    window.close();
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    expect(electronMock.dialog.shown[0]?.message).toBe('1 is being corrected, 2 need attention.');
    expect(lastButtons()).toEqual([
      'Keep Kennel open',
      'Close: they wait here for when Kennel opens again',
    ]);
  });

  it('closes without asking when nothing is unfinished', async () => {
    const { window, answerReportsWith, sent, handler, from } = await started();
    answerReportsWith(NOTHING);
    window.close();
    await vi.waitFor(() => expect(sent(DESK_CHANNELS.wanted)).toEqual([['quit']]));
    expect(sent(CLOSING_CHANNELS.reportWanted)).toHaveLength(1);
    await handler(DESK_CHANNELS.keep)(from(), null, 'quit');
    expect(window.isDestroyed()).toBe(true);
    expect(electronMock.dialog.shown).toEqual([]);
  });

  it('asks with what the window said last when it does not answer in time (a hung window)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { window, report, sent } = await started();
    await report({ ...NOTHING, waiting: 3, sendable: 1, elsewhere: 2 });
    window.close();
    expect(sent(CLOSING_CHANNELS.reportWanted)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CLOSING_REPORT_WAIT_MS - 1);
    expect(electronMock.dialog.shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(electronMock.dialog.shown).toHaveLength(1);
    expect(electronMock.dialog.shown[0]?.message).toBe('3 animals are still waiting to be sent.');
    expect(electronMock.dialog.shown[0]?.detail).toContain(
      '2 of them are in another profile: they wait until that profile is opened again.',
    );
  });

  it('closes without asking when a hung window never said anything', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { window, sent } = await started();
    window.close();
    expect(sent(CLOSING_CHANNELS.reportWanted)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CLOSING_REPORT_WAIT_MS - 1);
    expect(sent(DESK_CHANNELS.wanted)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(electronMock.dialog.shown).toEqual([]);
    expect(sent(DESK_CHANNELS.wanted)).toEqual([['quit']]);
  });

  it('holds a second close while staff are being asked, and does not ask twice', async () => {
    const { window, answerReportsWith, handler, from } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    let answer: (index: number) => void = () => undefined;
    const showMessageBox = electronMock.dialog.showMessageBox;
    onTestFinished(() => {
      electronMock.dialog.showMessageBox = showMessageBox;
    });
    electronMock.dialog.showMessageBox = function (...args: unknown[]) {
      electronMock.dialog.shown.push((args.length === 1 ? args[0] : args[1]) as never);
      return new Promise((resolve) => {
        answer = (response) => resolve({ response, checkboxChecked: false });
      });
    } as typeof electronMock.dialog.showMessageBox;
    window.close();
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    window.close();
    const quitting = fakeEvent({});
    electronMock.app.emit('before-quit', quitting);
    expect(quitting.defaultPrevented).toBe(true);
    expect(window.isDestroyed()).toBe(false);
    expect(electronMock.dialog.shown).toHaveLength(1);
    answer(2);
    // Close anyway: the copy is asked once, and both the window and the app go.
    await vi.waitFor(() =>
      expect(
        window.webContents.sent.filter((m) => m.channel === DESK_CHANNELS.wanted),
      ).toHaveLength(1),
    );
    await handler(DESK_CHANNELS.keep)(from(), null, 'quit');
    expect(window.isDestroyed()).toBe(true);
    expect(quit).toHaveBeenCalledTimes(1);
  });
});

describe('quitting from the menu or the system asks the same', () => {
  it('keeps the app running when staff keep Kennel open, and quits after the copy when they close', async () => {
    const { window, answerReportsWith, sent, handler, from } = await started();
    answerReportsWith(TWO_WAITING_ONE_REFUSED);
    const first = fakeEvent({});
    electronMock.app.emit('before-quit', first);
    expect(first.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(quit).not.toHaveBeenCalled();
    expect(sent(DESK_CHANNELS.wanted)).toEqual([]);

    staffPick('Close: they are sent when Kennel opens again');
    electronMock.app.emit('before-quit', fakeEvent({}));
    await vi.waitFor(() => expect(sent(DESK_CHANNELS.wanted)).toEqual([['quit']]));
    expect(quit).not.toHaveBeenCalled();
    await handler(DESK_CHANNELS.keep)(from(), new Uint8Array([1]), 'quit');
    expect(quit).toHaveBeenCalledTimes(1);
    expect(window.isDestroyed()).toBe(false);
  });
});

describe('what the window may tell', () => {
  it('takes the question’s words in the language staff chose', async () => {
    const { window, answerReportsWith, handler, from } = await started();
    const spanish = {
      ...ENGLISH_CLOSING_WORDS,
      waiting: { one: '{n} animal espera', other: '{n} animales esperan' },
      keepOpen: 'Mantener Kennel abierto',
    };
    await handler(CLOSING_CHANNELS.words)(from(), spanish);
    answerReportsWith({ ...NOTHING, waiting: 1, sendable: 1, online: false });
    window.close();
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    expect(electronMock.dialog.shown[0]?.message).toBe('1 animal espera.');
    expect(lastButtons()[0]).toBe('Mantener Kennel abierto');
  });

  it('refuses what is not a report or the words, and anything from another sender', async () => {
    const { window, handler, from } = await started();
    const report = handler(CLOSING_CHANNELS.report);
    await expect(report(from(), { ...NOTHING, waiting: -1 })).rejects.toThrow(TypeError);
    await expect(report(from(), { ...NOTHING, online: 'yes' })).rejects.toThrow(TypeError);
    await expect(report(from(), { ...NOTHING, extra: 1 })).rejects.toThrow(TypeError);
    await expect(handler(CLOSING_CHANNELS.sent)(from(), 'one', NOTHING)).rejects.toThrow(TypeError);
    const words = handler(CLOSING_CHANNELS.words);
    await expect(words(from(), { ...ENGLISH_CLOSING_WORDS, ok: 'a\nb' })).rejects.toThrow(
      TypeError,
    );
    await expect(words(from(), { ...ENGLISH_CLOSING_WORDS, ok: 'x'.repeat(301) })).rejects.toThrow(
      TypeError,
    );
    const stranger = from(window, 'https://evil.example/');
    for (const [channel, args] of [
      [CLOSING_CHANNELS.report, [NOTHING]],
      [CLOSING_CHANNELS.sent, [1, NOTHING]],
      [CLOSING_CHANNELS.words, [ENGLISH_CLOSING_WORDS]],
    ] as const) {
      await expect(handler(channel)(stranger, ...args)).rejects.toBeInstanceOf(
        UntrustedSenderError,
      );
    }
  });
});
