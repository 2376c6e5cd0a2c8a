import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, fakeEvent } = await import('../mocks/electron');
const { mainWindowOptions, moveWindowOptions } =
  await import('../../../electron/main/window-options');
const { setupWindow } = await import('../../../electron/main/setup-window');
const { resolveAppUrl, resolvePreloadPath, resolveRendererDir } =
  await import('../../../electron/main/app-url');

const APP_URL = 'kennel://app/index.html';
const PRODUCTION_BUILD = { packaged: false, devServerBuild: false };

const UNPACKAGED = { packaged: false };
const PACKAGED = { packaged: true };

describe('window options', () => {
  it('apply the security checklist', () => {
    const prefs = mainWindowOptions('/app/out/preload/index.cjs', PACKAGED).webPreferences;
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

  it('give an installed Kennel no developer tools, and a checkout its tools', () => {
    expect(mainWindowOptions('/app/p.cjs', PACKAGED).webPreferences?.devTools).toBe(false);
    expect(moveWindowOptions('/app/p.cjs', PACKAGED).webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions('/app/p.cjs', UNPACKAGED).webPreferences?.devTools).toBe(true);
    expect(moveWindowOptions('/app/p.cjs', UNPACKAGED).webPreferences?.devTools).toBe(true);
  });
});

describe('move window options', () => {
  it('keep the whole checklist, with the move preload, in a window never shown', () => {
    const move = moveWindowOptions('/app/out/preload/move-data.cjs', PACKAGED);
    const main = mainWindowOptions('/app/out/preload/move-data.cjs', PACKAGED);
    expect(move.show).toBe(false);
    expect(move.webPreferences).toMatchObject({ ...main.webPreferences });
    expect(move.webPreferences?.preload).toBe('/app/out/preload/move-data.cjs');
  });
});

describe('app and preload locations', () => {
  it('load the built renderer next to the main bundle by default', () => {
    const { url, dev } = resolveAppUrl({}, PRODUCTION_BUILD);
    expect(url).toBe(APP_URL);
    expect(dev).toBe(false);
  });

  it('use the dev server only when it is on loopback', () => {
    const devBuild = { packaged: false, devServerBuild: true };
    expect(resolveAppUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, devBuild)).toEqual({
      url: 'http://localhost:5173/',
      dev: true,
    });
    expect(resolveAppUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' }, devBuild).url).toBe(
      APP_URL,
    );
  });

  it('serve the app scheme from the renderer folder next to the main bundle', () => {
    expect(resolveRendererDir('/opt/Kennel/out/main')).toBe('/opt/Kennel/out/renderer');
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
    expect(created?.options).toEqual(
      mainWindowOptions('/opt/Kennel/out/preload/index.cjs', UNPACKAGED),
    );
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

  it('opens an installed Kennel without developer tools, as app.isPackaged says', () => {
    electronMock.app.isPackaged = true;
    setupWindow(APP_URL, '/opt/Kennel/resources/app.asar/out/preload/index.cjs').open();
    const [created] = electronMock.BrowserWindow.created;
    expect(created?.options['webPreferences']).toMatchObject({ devTools: false });
  });
});
