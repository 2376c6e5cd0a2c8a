/**
 * Electron main process: app lifecycle only. Every concern lives in its own
 * `setupX()`; the decisions they make are plain functions tested in Node.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, session } from 'electron';
import { resolveAppUrl, resolvePreloadPath } from './app-url';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';
import { contentSecurityPolicy } from './csp';
import { setupContentsGuard } from './setup-contents-guard';
import { setupCore } from './setup-core';
import { setupCsp } from './setup-csp';
import { setupNotifications } from './notifications';
import { setupSavePdf } from './save-pdf';
import { setupIpc, type TrustedSenders } from './setup-ipc';
import { setupPermissions } from './setup-permissions';
import { setupWindow } from './setup-window';

const mainDir = dirname(fileURLToPath(import.meta.url));
const { url: appUrl, dev } = resolveAppUrl(process.env, mainDir, app.isPackaged);

app.enableSandbox();

// One instance per data folder: two would race on the key store and config.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: BridgeDispatcher | null = null;

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    void core?.close();
    core = null;
  });

  void app.whenReady().then(() => {
    // The window factory opens nothing yet; it is made first so every handler can trust its windows.
    const windows = setupWindow(appUrl, resolvePreloadPath(mainDir));
    const trusted = (): TrustedSenders => ({ webContentsIds: windows.webContentsIds(), appUrl });
    setupPermissions(session.defaultSession, trusted);
    setupCsp(session.defaultSession, contentSecurityPolicy({ dev }));
    setupContentsGuard(appUrl);
    const activeCore = setupCore();
    core = activeCore;
    setupIpc(activeCore, trusted);
    setupNotifications(trusted);
    setupSavePdf(trusted);
    app.on('second-instance', () => windows.open());
    app.on('activate', () => windows.open());
    windows.open();
  });
}
