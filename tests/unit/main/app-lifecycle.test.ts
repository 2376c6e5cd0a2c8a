import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS, ipcChannel } from '../../../electron/contract/bridge';
import { CAMERA_VIEW_CHANNEL } from '../../../electron/contract/camera-view';
import { NOTIFY_CHANNEL } from '../../../electron/contract/desktop-notice';
import { SAVE_PDF_CHANNEL } from '../../../electron/contract/save-pdf';
import { CLOSING_CHANNELS } from '../../../electron/contract/closing';
import { DESK_CHANNELS } from '../../../electron/contract/desk-copies';
import { PRINT_CHANNELS } from '../../../electron/contract/silent-print';
import { MOVE_CHANNELS, type MovedData } from '../../../electron/contract/moved-data';
import { CONTENT_SECURITY_POLICY } from '../../../electron/core/content-security-policy';
import { moveState } from '../../../electron/main/origin-move';

vi.mock('electron', async () => ({
  ...(await import('../mocks/electron')),
  protocol: (await import('./fake-protocol')).protocol,
}));

const { electronMock, session } = await import('../mocks/electron');
const { protocol, giveProtocol } = await import('./fake-protocol');

type FakeWindow = InstanceType<typeof electronMock.BrowserWindow>;

const APP_URL = 'kennel://app/index.html';
const QUEUED: MovedData = { databases: [], localStorage: [['kennel.profile', 'local']] };

let userData: string;
let sessionProtocol: ReturnType<typeof giveProtocol>;
let moveWindow: FakeWindow;
let appWindow: FakeWindow;
/** What was open, and listened for, while the old origin was being read. */
let whileMoving: { windows: number; channels: string[] };
const quit = vi.spyOn(electronMock.app, 'quit');

/** Waits for the main module to have created its `index`-th window. */
function createdWindow(index: number): Promise<FakeWindow> {
  return vi.waitFor(() => {
    const window = electronMock.BrowserWindow.created[index];
    if (window === undefined) throw new Error(`window ${index} is not open yet`);
    return window;
  });
}

/** An IPC event from the top frame of `window` as it shows its page. */
function fromTopFrame(window: FakeWindow) {
  return {
    sender: { id: window.webContents.id },
    senderFrame: { url: window.webContents.loadedUrl, parent: null },
  };
}

beforeAll(async () => {
  electronMock.reset();
  sessionProtocol = giveProtocol(session.defaultSession);
  userData = await mkdtemp(join(tmpdir(), 'kennel-user-data-'));
  electronMock.app.paths['userData'] = userData;
  await import('../../../electron/main/index');
  // Once `whenReady()` resolves, the old origin is read before the app window opens.
  moveWindow = await createdWindow(0);
  whileMoving = {
    windows: electronMock.BrowserWindow.created.length,
    channels: [...electronMock.ipcMain.handlers.keys()],
  };
  const deliver = electronMock.ipcMain.handlers.get(MOVE_CHANNELS.deliver);
  await deliver?.(fromTopFrame(moveWindow), QUEUED);
  appWindow = await createdWindow(1);
});

afterAll(async () => {
  electronMock.app.emit('will-quit');
  await rm(userData, { recursive: true, force: true });
});

describe('main process start-up', () => {
  it('enables the sandbox for every renderer', () => {
    expect(electronMock.app.sandboxEnabled).toBe(true);
  });

  it('serves the built renderer from its own privileged scheme, not file://', () => {
    expect(protocol.privileged?.map(({ scheme }) => scheme)).toEqual(['kennel']);
    expect([...sessionProtocol.handlers.keys()]).toEqual(['kennel']);
  });

  it('reads the old origin in a hidden window first, and its closing does not quit the app', async () => {
    expect(whileMoving.windows).toBe(1);
    expect(whileMoving.channels).toContain(MOVE_CHANNELS.deliver);
    expect(moveWindow.webContents.loadedUrl).toMatch(/^file:\/\/.*[\\/]move-data\.html$/);
    expect(moveWindow.options['show']).toBe(false);
    const prefs = moveWindow.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(prefs['preload']).toMatch(/preload[\\/]move-data\.cjs$/);
    expect(moveWindow.isDestroyed()).toBe(true);
    expect(quit).not.toHaveBeenCalled();
    await expect(moveState(userData)).resolves.toBe('pending');
  });

  it('then opens one hardened window on the built renderer with the CommonJS preload', () => {
    expect(electronMock.BrowserWindow.getAllWindows()).toEqual([appWindow]);
    expect(appWindow.webContents.loadedUrl).toBe(APP_URL);
    const prefs = appWindow.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(prefs['preload']).toMatch(/preload[\\/]index\.cjs$/);
  });

  it('hands what was moved to the app window alone, and ends the move when it is stored', async () => {
    const take = electronMock.ipcMain.handlers.get(MOVE_CHANNELS.take);
    const stored = electronMock.ipcMain.handlers.get(MOVE_CHANNELS.stored);
    const stranger = { ...fromTopFrame(appWindow), sender: { id: moveWindow.webContents.id } };
    await expect(take?.(stranger)).rejects.toThrow(/did not come from a Kennel window/);
    await expect(take?.(fromTopFrame(appWindow))).resolves.toEqual(QUEUED);
    await stored?.(fromTopFrame(appWindow));
    await expect(moveState(userData)).resolves.toBe('done');
  });

  it('grants only persistent storage and notifications, to the app window, and sets the CSP', () => {
    const defaultSession = session.defaultSession;
    expect(defaultSession.permissionCheckHandler?.(null, 'media', 'kennel://app', {})).toBe(false);
    const asked = (permission: string): boolean[] => {
      const answers: boolean[] = [];
      defaultSession.permissionRequestHandler?.(
        appWindow.webContents,
        permission,
        (granted) => answers.push(granted),
        { requestingUrl: appWindow.webContents.loadedUrl, isMainFrame: true },
      );
      return answers;
    };
    expect(asked('persistent-storage')).toEqual([true]);
    expect(asked('notifications')).toEqual([true]);
    expect(asked('media')).toEqual([false]);
    let headers: Record<string, string[]> | undefined;
    defaultSession.headersListener?.({ url: APP_URL }, (response) => {
      headers = response.responseHeaders;
    });
    expect(headers?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it('grants the camera to the app window only while it says its camera view is open', async () => {
    const defaultSession = session.defaultSession;
    const video = (): boolean[] => {
      const answers: boolean[] = [];
      defaultSession.permissionRequestHandler?.(
        appWindow.webContents,
        'media',
        (granted) => answers.push(granted),
        {
          requestingUrl: appWindow.webContents.loadedUrl,
          isMainFrame: true,
          mediaTypes: ['video'],
        },
      );
      return answers;
    };
    const cameraView = electronMock.ipcMain.handlers.get(CAMERA_VIEW_CHANNEL);
    const fromAppWindow = { ...fromTopFrame(appWindow), sender: appWindow.webContents };
    expect(video()).toEqual([false]);
    await cameraView?.(fromAppWindow, true);
    expect(video()).toEqual([true]);
    await cameraView?.(fromAppWindow, false);
    expect(video()).toEqual([false]);
  });

  it('answers the window through the real core over IPC, in electron mode', async () => {
    expect([...electronMock.ipcMain.handlers.keys()].sort()).toEqual(
      [
        ...BRIDGE_METHODS.map((m) => ipcChannel(m)),
        NOTIFY_CHANNEL,
        SAVE_PDF_CHANNEL,
        CAMERA_VIEW_CHANNEL,
        MOVE_CHANNELS.take,
        MOVE_CHANNELS.stored,
        DESK_CHANNELS.keep,
        DESK_CHANNELS.list,
        DESK_CHANNELS.read,
        DESK_CHANNELS.menuWords,
        CLOSING_CHANNELS.report,
        CLOSING_CHANNELS.sent,
        CLOSING_CHANNELS.words,
        PRINT_CHANNELS.printers,
        PRINT_CHANNELS.print,
      ].sort(),
    );
    const event = fromTopFrame(appWindow);
    const appInfo = electronMock.ipcMain.handlers.get(ipcChannel('appInfo'));
    await expect(appInfo?.(event)).resolves.toMatchObject({
      ok: true,
      value: { name: 'Kennel', mode: 'electron', version: '0.0.0-test', computerName: hostname() },
    });

    const foreign = { ...event, sender: { id: -1 } };
    expect(() => appInfo?.(foreign)).toThrow(/did not come from a Kennel window/);
  });

  it('sets the File menu and keeps the desk copies in the app data folder', async () => {
    const menu = electronMock.Menu.application as { label?: string }[];
    expect(menu[0]?.label).toBe('File');
    const event = fromTopFrame(appWindow);
    const keep = electronMock.ipcMain.handlers.get(DESK_CHANNELS.keep);
    await expect(keep?.(event, new Uint8Array([80, 75]), 'daily')).resolves.toBe(true);
    const [copy, ...others] = await readdir(join(userData, 'desk-copies'));
    expect(others).toEqual([]);
    expect(await readFile(join(userData, 'desk-copies', copy ?? ''))).toEqual(Buffer.from('PK'));
  });

  it('asks staff before the window closes while animals wait, and keeps it open when they say so', async () => {
    const report = electronMock.ipcMain.handlers.get(CLOSING_CHANNELS.report);
    const waiting = { waiting: 2, correcting: 0, attention: 0, elsewhere: 0, sendable: 2 };
    await report?.(fromTopFrame(appWindow), { ...waiting, online: false });
    electronMock.dialog.answer = () => 0;
    appWindow.close();
    // The window is asked for a fresh report first; it answers as the page does.
    await vi.waitFor(() =>
      expect(appWindow.webContents.sent.map((m) => m.channel)).toContain(
        CLOSING_CHANNELS.reportWanted,
      ),
    );
    await report?.(fromTopFrame(appWindow), { ...waiting, online: false });
    await vi.waitFor(() => expect(electronMock.dialog.shown).toHaveLength(1));
    expect(electronMock.dialog.shown[0]?.message).toBe('2 animals are still waiting to be sent.');
    expect(appWindow.isDestroyed()).toBe(false);
    await report?.(fromTopFrame(appWindow), { ...waiting, waiting: 0, sendable: 0, online: true });
  });

  it('keeps keys encrypted through safeStorage in the app data folder', async () => {
    const event = fromTopFrame(appWindow);
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
