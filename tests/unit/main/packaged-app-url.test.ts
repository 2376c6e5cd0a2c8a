import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => ({
  ...(await import('../mocks/electron')),
  protocol: (await import('./fake-protocol')).protocol,
}));

const { electronMock, session } = await import('../mocks/electron');
const { giveProtocol } = await import('./fake-protocol');
const { resolveAppUrl } = await import('../../../electron/main/app-url');
const { finishMove } = await import('../../../electron/main/origin-move');

const DEV_SERVER = 'http://127.0.0.1:5173/';
let userData: string;

beforeAll(async () => {
  electronMock.reset();
  giveProtocol(session.defaultSession);
  electronMock.app.isPackaged = true;
  vi.stubEnv('ELECTRON_RENDERER_URL', DEV_SERVER);
  userData = await mkdtemp(join(tmpdir(), 'kennel-packaged-'));
  electronMock.app.paths['userData'] = userData;
  // The old origin's data moved at an earlier start: the app window opens at once.
  await finishMove(userData);
  await import('../../../electron/main/index');
  // The app window opens once start-up has looked at the move's state on disk.
  await vi.waitFor(() => {
    if (electronMock.BrowserWindow.created.length === 0) throw new Error('no window yet');
  });
});

afterAll(async () => {
  electronMock.app.emit('will-quit');
  vi.unstubAllEnvs();
  await rm(userData, { recursive: true, force: true });
});

describe('an installed (packaged) Kennel', () => {
  it('ignores ELECTRON_RENDERER_URL and loads its own files', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(window?.webContents.loadedUrl).toBe('kennel://app/index.html');
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
