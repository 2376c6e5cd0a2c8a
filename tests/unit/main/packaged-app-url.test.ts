import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => ({
  ...(await import('../mocks/electron')),
  protocol: (await import('./fake-protocol')).protocol,
}));

const { electronMock } = await import('../mocks/electron');
const { resolveAppUrl } = await import('../../../electron/main/app-url');
const { DEV_SERVER, startMainProcess } = await import('./start-main');

let main: { stop(): Promise<void> };
beforeAll(async () => {
  main = await startMainProcess(true);
});
afterAll(() => main.stop());

describe('an installed (packaged) Kennel', () => {
  it('ignores ELECTRON_RENDERER_URL and loads its own files', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(window?.webContents.loadedUrl).toBe('kennel://app/index.html');
  });

  it('opens its window without developer tools', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(window?.options['webPreferences']).toMatchObject({ devTools: false });
  });

  it('honours a loopback dev server only when not packaged', () => {
    const env = { ELECTRON_RENDERER_URL: DEV_SERVER };
    expect(resolveAppUrl(env, { packaged: true, devServerBuild: true })).toEqual({
      url: 'kennel://app/index.html',
      dev: false,
    });
    expect(resolveAppUrl(env, { packaged: false, devServerBuild: true })).toEqual({
      url: DEV_SERVER,
      dev: true,
    });
  });
});
