import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_METHODS,
  ipcChannel,
  NOTIFY_CHANNEL,
  SAVE_PDF_CHANNEL,
} from '../../../electron/contract';
import { CONTENT_SECURITY_POLICY } from '../../../electron/main/csp';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, session } = await import('../mocks/electron');

let userData: string;

beforeAll(async () => {
  electronMock.reset();
  userData = await mkdtemp(join(tmpdir(), 'kennel-user-data-'));
  electronMock.app.paths['userData'] = userData;
  await import('../../../electron/main/index');
  // The main module sets everything up once `whenReady()` resolves.
  await new Promise((resolve) => setImmediate(resolve));
});

afterAll(async () => {
  electronMock.app.emit('will-quit');
  await rm(userData, { recursive: true, force: true });
});

describe('main process start-up', () => {
  it('enables the sandbox for every renderer', () => {
    expect(electronMock.app.sandboxEnabled).toBe(true);
  });

  it('opens one hardened window on the built renderer with the CommonJS preload', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(electronMock.BrowserWindow.created).toHaveLength(1);
    expect(window?.webContents.loadedUrl).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
    const prefs = window?.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(prefs['preload']).toMatch(/preload[\\/]index\.cjs$/);
  });

  it('grants only persistent storage and notifications, to the app window, and sets the CSP', () => {
    const defaultSession = session.defaultSession;
    expect(defaultSession.permissionCheckHandler?.(null, 'media', 'file://', {})).toBe(false);
    const [window] = electronMock.BrowserWindow.created;
    const asked = (permission: string): boolean[] => {
      const answers: boolean[] = [];
      defaultSession.permissionRequestHandler?.(
        window?.webContents,
        permission,
        (granted) => answers.push(granted),
        { requestingUrl: window?.webContents.loadedUrl, isMainFrame: true },
      );
      return answers;
    };
    expect(asked('persistent-storage')).toEqual([true]);
    expect(asked('notifications')).toEqual([true]);
    expect(asked('media')).toEqual([false]);
    let headers: Record<string, string[]> | undefined;
    defaultSession.headersListener?.({ url: 'file:///x/index.html' }, (response) => {
      headers = response.responseHeaders;
    });
    expect(headers?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it('answers the window through the real core over IPC, in electron mode', async () => {
    expect([...electronMock.ipcMain.handlers.keys()].sort()).toEqual(
      [...BRIDGE_METHODS.map((m) => ipcChannel(m)), NOTIFY_CHANNEL, SAVE_PDF_CHANNEL].sort(),
    );
    const [window] = electronMock.BrowserWindow.created;
    const event = {
      sender: { id: window?.webContents.id },
      senderFrame: { url: window?.webContents.loadedUrl, parent: null },
    };
    const appInfo = electronMock.ipcMain.handlers.get(ipcChannel('appInfo'));
    await expect(appInfo?.(event)).resolves.toMatchObject({
      ok: true,
      value: { name: 'Kennel', mode: 'electron', version: '0.0.0-test' },
    });

    const foreign = { ...event, sender: { id: -1 } };
    expect(() => appInfo?.(foreign)).toThrow(/did not come from a Kennel window/);
  });

  it('keeps keys encrypted through safeStorage in the app data folder', async () => {
    const [window] = electronMock.BrowserWindow.created;
    const event = {
      sender: { id: window?.webContents.id },
      senderFrame: { url: window?.webContents.loadedUrl, parent: null },
    };
    const setKey = electronMock.ipcMain.handlers.get(ipcChannel('setKey'));
    await expect(setKey?.(event, 'local', 'kennel-demo-free', {})).resolves.toMatchObject({
      ok: true,
      value: { hasKey: true, keyStorage: 'encrypted' },
    });
    const files = await readdir(join(userData, 'keys'));
    expect(files).toEqual(['local.enc']);
    const blob = await readFile(join(userData, 'keys', 'local.enc'));
    expect(blob.toString('utf8')).not.toContain('kennel-demo-free');
  });
});
