import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, fakeEvent } = await import('../mocks/electron');
const { mainWindowOptions } = await import('../../../electron/main/window-options');
const { setupWindow } = await import('../../../electron/main/setup-window');
const { resolveAppUrl, resolvePreloadPath } = await import('../../../electron/main/app-url');

const APP_URL = 'file:///opt/Kennel/out/renderer/index.html';

describe('window options', () => {
  it('apply the security checklist', () => {
    const prefs = mainWindowOptions('/app/out/preload/index.cjs').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
  });
});

describe('app and preload locations', () => {
  it('load the built renderer next to the main bundle by default', () => {
    const { url, dev } = resolveAppUrl({}, '/opt/Kennel/out/main', false);
    expect(url).toBe(APP_URL);
    expect(dev).toBe(false);
  });

  it('use the dev server only when it is on loopback', () => {
    expect(
      resolveAppUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, '/x/out/main', false),
    ).toEqual({
      url: 'http://localhost:5173/',
      dev: true,
    });
    expect(
      resolveAppUrl(
        { ELECTRON_RENDERER_URL: 'https://evil.example/' },
        '/opt/Kennel/out/main',
        false,
      ).url,
    ).toBe(APP_URL);
  });

  it('load the CommonJS preload a sandboxed renderer can run', () => {
    expect(resolvePreloadPath('/opt/Kennel/out/main')).toBe('/opt/Kennel/out/preload/index.cjs');
  });
});

describe('app windows', () => {
  beforeEach(() => electronMock.reset());

  it('opens one guarded window on the app and tracks it until closed', () => {
    const windows = setupWindow(APP_URL, '/opt/Kennel/out/preload/index.cjs');
    const window = windows.open();
    const [created] = electronMock.BrowserWindow.created;
    expect(created).toBe(window);
    expect(created?.options).toEqual(mainWindowOptions('/opt/Kennel/out/preload/index.cjs'));
    expect(created?.webContents.loadedUrl).toBe(APP_URL);
    expect(windows.webContentsIds()).toEqual([created?.webContents.id]);

    const away = fakeEvent({ url: 'https://evil.example/' });
    created?.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);

    created?.emit('ready-to-show');
    expect(created?.shown).toBe(true);

    // A second launch focuses the window instead of opening another.
    expect(windows.open()).toBe(window);
    expect(electronMock.BrowserWindow.created).toHaveLength(1);
    expect(created?.focused).toBe(true);

    created?.emit('closed');
    expect(windows.webContentsIds()).toEqual([]);
  });
});
