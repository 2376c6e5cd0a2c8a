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
  // `npm start` from a checkout: unpackaged, but the main bundle is a production build.
  vi.stubEnv('DEV', false);
  main = await startMainProcess(false);
});
afterAll(() => main.stop());

describe('a production build run from a checkout (npm start)', () => {
  it('ignores an inherited ELECTRON_RENDERER_URL and loads its own files', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(window?.webContents.loadedUrl).toBe('kennel://app/index.html');
  });

  it('keeps the developer tools of a checkout', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(window?.options['webPreferences']).toMatchObject({ devTools: true });
  });
});

describe('the dev renderer URL', () => {
  const env = { ELECTRON_RENDERER_URL: DEV_SERVER };

  it('is honoured only by a main bundle the dev server built, unpackaged, on loopback', () => {
    expect(resolveAppUrl(env, { packaged: false, devServerBuild: true })).toEqual({
      url: DEV_SERVER,
      dev: true,
    });
  });

  it('is ignored by a production build, whatever the environment says', () => {
    for (const packaged of [false, true]) {
      expect(resolveAppUrl(env, { packaged, devServerBuild: false }).dev).toBe(false);
    }
  });

  it('is ignored when packaged, and when it is not loopback http', () => {
    expect(resolveAppUrl(env, { packaged: true, devServerBuild: true }).dev).toBe(false);
    for (const url of ['https://127.0.0.1:5173/', 'http://evil.example/', 'http://10.0.0.2/', '']) {
      expect(
        resolveAppUrl(
          { ELECTRON_RENDERER_URL: url },
          {
            packaged: false,
            devServerBuild: true,
          },
        ).dev,
        url,
      ).toBe(false);
    }
  });
});
