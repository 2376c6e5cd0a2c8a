/** API key storage: its browser-mode and Electron implementations. */
export type { SecretKeyring } from './secret-keyring';
export { createBrowserKeyStore } from './browser-key-store';
export { openOsKeyring } from './os-keyring';
export { createSafeStorageKeyStore } from './safe-storage-key-store';
