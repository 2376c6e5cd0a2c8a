/**
 * Electron main process: app lifecycle only. Every concern lives in its own
 * `setupX()`; the decisions they make are plain functions tested in Node.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, session } from 'electron';
import {
  resolveAppUrl,
  resolveMovePreloadPath,
  resolvePreloadPath,
  resolveRendererDir,
} from './app-url';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';
import { setupAppMenu } from './app-menu';
import { setupCameraViews } from './camera-views';
import { contentSecurityPolicy } from './csp';
import { registerAppScheme, setupAppProtocol } from './setup-app-protocol';
import { setupContentsGuard } from './setup-contents-guard';
import { setupCore } from './setup-core';
import { setupCsp } from './setup-csp';
import { setupClosing } from './setup-closing';
import { setupDeskCopies } from './setup-desk-copies';
import { setupNotifications } from './notifications';
import { setupSavePdf } from './save-pdf';
import { setupSilentPrint } from './silent-print';
import { setupIpc, type TrustedSenders } from './setup-ipc';
import { readOldOrigin, setupMovedDataIpc } from './setup-origin-move';
import { setupPermissions } from './setup-permissions';
import { setupWindow } from './setup-window';

const mainDir = dirname(fileURLToPath(import.meta.url));
const { url: appUrl, dev } = resolveAppUrl(process.env, {
  packaged: app.isPackaged,
  devServerBuild: import.meta.env.DEV,
});

/** The longest the start waits for the old origin's data; it is tried again next time. */
const OLD_ORIGIN_READ_MS = 30_000;

app.enableSandbox();
registerAppScheme();

// One instance per data folder: two would race on the key store and config.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: BridgeDispatcher | null = null;
  let deskCopies: { stop(): void } | null = null;
  let opened = false;

  app.on('window-all-closed', () => {
    // The hidden window that read the old origin closing before the app's opens is no reason to quit.
    if (opened && process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    void core?.close();
    core = null;
    deskCopies?.stop();
    deskCopies = null;
  });

  void app.whenReady().then(async () => {
    // The window factory opens nothing yet; it is made first so every handler can trust its windows.
    const windows = setupWindow(appUrl, resolvePreloadPath(mainDir));
    const trusted = (): TrustedSenders => ({ webContentsIds: windows.webContentsIds(), appUrl });
    const policy = contentSecurityPolicy({ dev });
    const rendererDir = resolveRendererDir(mainDir);
    setupAppProtocol(session.defaultSession, rendererDir, policy);
    const cameraViews = setupCameraViews(trusted);
    setupPermissions(session.defaultSession, trusted, cameraViews.openIds);
    setupCsp(session.defaultSession, policy);
    setupContentsGuard(appUrl);
    const activeCore = setupCore();
    core = activeCore;
    setupIpc(activeCore, trusted);
    setupNotifications(trusted);
    setupSavePdf(trusted);
    setupSilentPrint(trusted);
    // Copies are wanted in dev too: a developer's desk holds records like any other.
    deskCopies = setupDeskCopies({
      dataDir: app.getPath('userData'),
      windows,
      trusted,
      menu: setupAppMenu(windows, { platform: process.platform, devTools: dev }),
      // Closing asks first about animals not sent yet, then makes the quit copy.
      askFirst: setupClosing({ windows, trusted }).askFirst,
    });
    // The dev server's origin never had the old file:// storage, and must not take what it moves.
    if (!dev) {
      const userDataDir = app.getPath('userData');
      setupMovedDataIpc(userDataDir, trusted);
      // Read before any app window exists, and before a launch or activation could open one.
      await readOldOrigin({
        userDataDir,
        rendererDir,
        preloadPath: resolveMovePreloadPath(mainDir),
        timeoutMs: OLD_ORIGIN_READ_MS,
      });
    }
    app.on('second-instance', () => windows.open());
    app.on('activate', () => windows.open());
    opened = true;
    windows.open();
  });
}
