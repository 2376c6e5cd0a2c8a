import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { electronMock, session } from '../mocks/electron';
import { giveProtocol } from './fake-protocol';

/** The dev server's address, as `ELECTRON_RENDERER_URL` would carry it. */
export const DEV_SERVER = 'http://127.0.0.1:5173/';

/**
 * Runs the main process's entry (`electron/main/index.ts`) against the
 * Electron mock, with `ELECTRON_RENDERER_URL` inherited from the environment
 * and the old origin's data already moved, and waits for the app window. The
 * calling test file mocks `electron` with the mock and its fake protocol.
 */
export async function startMainProcess(packaged: boolean): Promise<{ stop(): Promise<void> }> {
  electronMock.reset();
  giveProtocol(session.defaultSession);
  electronMock.app.isPackaged = packaged;
  vi.stubEnv('ELECTRON_RENDERER_URL', DEV_SERVER);
  const userData = await mkdtemp(join(tmpdir(), 'kennel-main-'));
  electronMock.app.paths['userData'] = userData;
  // The move happened at an earlier start: the app window opens at once.
  const { finishMove } = await import('../../../electron/main/origin-move');
  await finishMove(userData);
  await import('../../../electron/main/index');
  // The app window opens once start-up has looked at the move's state on disk.
  await vi.waitFor(() => {
    if (electronMock.BrowserWindow.created.length === 0) throw new Error('no window yet');
  });
  return {
    async stop() {
      electronMock.app.emit('will-quit');
      vi.unstubAllEnvs();
      await rm(userData, { recursive: true, force: true });
    },
  };
}
