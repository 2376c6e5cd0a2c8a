import { app, safeStorage } from 'electron';
import { createKennelCore, createSafeStorageKeyStore } from '../core';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';

/**
 * Creates the Node-side core for the desktop app: data in the OS's app-data
 * folder, keys encrypted with the OS keyring through `safeStorage`.
 */
export function setupCore(): BridgeDispatcher {
  const dataDir = app.getPath('userData');
  return createKennelCore({
    dataDir,
    keyStore: createSafeStorageKeyStore(dataDir, safeStorage),
    mode: 'electron',
    appVersion: app.getVersion(),
    env: process.env,
  });
}
