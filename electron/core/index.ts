/**
 * The Node side of Kennel: everything that talks to the Pet Adoption Service
 * and holds the key. Used by Electron's main process and by the browser-mode
 * web host alike; it never imports Electron.
 */
export { createKennelCore } from './bridge/kennel-core';
export { createBrowserKeyStore, createSafeStorageKeyStore, openOsKeyring } from './keys/index';
export type { SecretKeyring } from './keys/index';
export { resolveDataDir } from './data-dir';
