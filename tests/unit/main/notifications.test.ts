import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_LIMITS, NOTIFY_CHANNEL } from '../../../electron/contract/desktop-notice';

/** Electron's `Notification` at the boundary: what was shown, and whether the system supports it. */
const shown: { title: string; body: string }[] = [];
let supported = true;

vi.mock('electron', async () => {
  const base = await import('../mocks/electron');
  class Notification {
    static isSupported(): boolean {
      return supported;
    }
    constructor(private readonly options: { title: string; body: string }) {}
    show(): void {
      shown.push(this.options);
    }
  }
  return { ...base, Notification };
});

const { electronMock } = await import('../mocks/electron');
const { setupNotifications } = await import('../../../electron/main/notifications');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

const APP_URL = 'kennel://app/index.html';
const WINDOW_ID = 7;

function ipcEvent(senderId: number, url: string, parent: object | null = null) {
  return { sender: { id: senderId }, senderFrame: { url, parent } };
}

function handler(): (event: unknown, ...args: unknown[]) => unknown {
  setupNotifications(() => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL }));
  const registered = electronMock.ipcMain.handlers.get(NOTIFY_CHANNEL);
  if (registered === undefined) throw new Error('no handler');
  return registered;
}

beforeEach(() => {
  electronMock.reset();
  shown.length = 0;
  supported = true;
});

describe('desktop notices from the app window', () => {
  const notice = { title: 'All intake sent', body: 'Everything has been sent.' };

  it('are shown with Electron’s Notification', () => {
    expect(handler()(ipcEvent(WINDOW_ID, `${APP_URL}#/`), notice)).toBe(true);
    expect(shown).toEqual([notice]);
  });

  it('are refused from another webContents, an iframe or a foreign page', () => {
    const handle = handler();
    for (const event of [
      ipcEvent(8, APP_URL),
      ipcEvent(WINDOW_ID, APP_URL, {}),
      ipcEvent(WINDOW_ID, 'https://evil.example/'),
    ]) {
      let thrown: unknown = null;
      try {
        handle(event, notice);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UntrustedSenderError);
    }
    expect(shown).toEqual([]);
  });

  it('show nothing where the system has no notifications, or for anything but a notice', () => {
    const handle = handler();
    supported = false;
    expect(handle(ipcEvent(WINDOW_ID, APP_URL), notice)).toBe(false);
    supported = true;
    expect(handle(ipcEvent(WINDOW_ID, APP_URL), { title: 1, body: 'x' })).toBe(false);
    expect(shown).toEqual([]);
  });
});

describe('what counts as a notice', () => {
  it('a short title and body, and nothing else', () => {
    const handle = handler();
    const from = ipcEvent(WINDOW_ID, APP_URL);
    expect(handle(from, { title: 'T', body: '' })).toBe(true);
    expect(shown).toEqual([{ title: 'T', body: '' }]);
    for (const bad of [
      null,
      'text',
      ['T', 'B'],
      { title: 'T' },
      { title: '  ', body: 'B' },
      { title: 'T', body: 'B', icon: 'file:///etc/passwd' },
      { title: 'x'.repeat(NOTICE_LIMITS.title + 1), body: 'B' },
      { title: 'T', body: 'x'.repeat(NOTICE_LIMITS.body + 1) },
    ]) {
      expect(handle(from, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(shown).toHaveLength(1);
  });
});
