/**
 * The Node side of Kennel: everything that talks to the Pet Adoption Service
 * and holds the key. Used by Electron's main process and by the browser-mode
 * web host alike; it never imports Electron.
 */
export { createKennelCore, type KennelCore, type KennelCoreOptions } from './bridge/kennel-core';
export {
  createBrowserKeyStore,
  createFileKeyStore,
  createSafeStorageKeyStore,
  checkApiKey,
  openOsKeyring,
} from './keys/index';
export type { KeyStore, SafeStorageLike, SecretKeyring, StoredKey } from './keys/index';
export { resolveDataDir } from './data-dir';
export { createApiClient, type ApiClient, type ApiClientOptions } from './api/client';
export { normaliseBaseUrl, isLoopbackHost } from './profiles/base-url';
export { DEFAULT_BASE_URLS } from './profiles/profiles';
export * from './errors/index';
export * from './governor/index';
