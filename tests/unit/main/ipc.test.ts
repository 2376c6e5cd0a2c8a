import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS, ipcChannel, type BridgeResult } from '../../../electron/contract/bridge';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');
const { isTrustedSender } = await import('../../../electron/main/sender-check');
const { setupIpc } = await import('../../../electron/main/setup-ipc');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

const APP_URL = 'kennel://app/index.html';
const WINDOW_ID = 7;

/** A dispatcher that records calls and answers like the core would. */
function recordingCore() {
  const calls: { method: string; args: unknown }[] = [];
  return {
    calls,
    dispatch(method: string, args: unknown): Promise<BridgeResult<unknown>> {
      calls.push({ method, args });
      return Promise.resolve({ ok: true, value: { method } });
    },
    close() {},
  };
}

/** An IPC event as Electron would deliver it. */
function ipcEvent(options: { senderId: number; url: string | null; parent?: object | null }) {
  return {
    sender: { id: options.senderId },
    senderFrame: options.url === null ? null : { url: options.url, parent: options.parent ?? null },
  };
}

describe('sender check', () => {
  const trusted = { webContentsIds: [WINDOW_ID], appUrl: APP_URL };

  it('accepts the top frame of our window showing the app', () => {
    expect(
      isTrustedSender(
        { webContentsId: WINDOW_ID, frameUrl: `${APP_URL}#x`, isMainFrame: true },
        trusted,
      ),
    ).toBe(true);
  });

  it('refuses other webContents, sub-frames, gone frames and pages navigated elsewhere', () => {
    const ok = { webContentsId: WINDOW_ID, frameUrl: APP_URL, isMainFrame: true };
    expect(isTrustedSender({ ...ok, webContentsId: 8 }, trusted)).toBe(false);
    expect(isTrustedSender({ ...ok, isMainFrame: false }, trusted)).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: null }, trusted)).toBe(false);
    expect(isTrustedSender({ ...ok, frameUrl: 'https://evil.example/' }, trusted)).toBe(false);
    expect(isTrustedSender(ok, { ...trusted, webContentsIds: [] })).toBe(false);
  });
});

describe('IPC registration', () => {
  beforeEach(() => electronMock.reset());

  it('registers exactly one handler per bridge method', () => {
    setupIpc(recordingCore(), () => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL }));
    expect([...electronMock.ipcMain.handlers.keys()].sort()).toEqual(
      BRIDGE_METHODS.map((m) => ipcChannel(m)).sort(),
    );
  });

  it('passes a trusted call with its arguments to the core and returns its answer', async () => {
    const core = recordingCore();
    setupIpc(core, () => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL }));
    const handler = electronMock.ipcMain.handlers.get(ipcChannel('listPets'));
    const answer = await handler?.(ipcEvent({ senderId: WINDOW_ID, url: APP_URL }), 'local', {
      limit: 5,
    });
    expect(answer).toEqual({ ok: true, value: { method: 'listPets' } });
    expect(core.calls).toEqual([{ method: 'listPets', args: ['local', { limit: 5 }] }]);
  });

  it('refuses calls from anything but the app window before the core sees them', () => {
    const core = recordingCore();
    setupIpc(core, () => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL }));
    const handler = electronMock.ipcMain.handlers.get(ipcChannel('setKey'));
    const hostile = [
      ipcEvent({ senderId: 99, url: APP_URL }),
      ipcEvent({ senderId: WINDOW_ID, url: 'https://evil.example/' }),
      ipcEvent({ senderId: WINDOW_ID, url: APP_URL, parent: { url: APP_URL } }),
      ipcEvent({ senderId: WINDOW_ID, url: null }),
    ];
    for (const event of hostile) {
      let thrown: unknown;
      try {
        handler?.(event, 'local', 'kennel-demo-free', {});
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UntrustedSenderError);
      expect(String(thrown)).not.toContain('kennel-demo-free');
    }
    expect(core.calls).toEqual([]);
  });

  it('follows the current set of windows', async () => {
    const core = recordingCore();
    let ids: number[] = [];
    setupIpc(core, () => ({ webContentsIds: ids, appUrl: APP_URL }));
    const handler = electronMock.ipcMain.handlers.get(ipcChannel('appInfo'));
    expect(() => handler?.(ipcEvent({ senderId: WINDOW_ID, url: APP_URL }))).toThrow();
    ids = [WINDOW_ID];
    await expect(handler?.(ipcEvent({ senderId: WINDOW_ID, url: APP_URL }))).resolves.toEqual({
      ok: true,
      value: { method: 'appInfo' },
    });
  });
});
