import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');
const { resolveAppUrl } = await import('../../../electron/main/app-url');

const DEV_SERVER = 'http://127.0.0.1:5173/';
let userData: string;

beforeAll(async () => {
  electronMock.reset();
  electronMock.app.isPackaged = true;
  vi.stubEnv('ELECTRON_RENDERER_URL', DEV_SERVER);
  userData = await mkdtemp(join(tmpdir(), 'kennel-packaged-'));
  electronMock.app.paths['userData'] = userData;
  await import('../../../electron/main/index');
  await new Promise((resolve) => setImmediate(resolve));
});

afterAll(async () => {
  electronMock.app.emit('will-quit');
  vi.unstubAllEnvs();
  await rm(userData, { recursive: true, force: true });
});

describe('an installed (packaged) Kennel', () => {
  it('ignores ELECTRON_RENDERER_URL and loads its own files', () => {
    const [window] = electronMock.BrowserWindow.created;
    expect(window?.webContents.loadedUrl).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
  });

  it('honours a loopback dev server only when not packaged', () => {
    const env = { ELECTRON_RENDERER_URL: DEV_SERVER };
    expect(resolveAppUrl(env, '/opt/Kennel/out/main', true)).toEqual({
      url: 'file:///opt/Kennel/out/renderer/index.html',
      dev: false,
    });
    expect(resolveAppUrl(env, '/opt/Kennel/out/main', false)).toEqual({
      url: DEV_SERVER,
      dev: true,
    });
  });
});
