/** API key storage: the interface and its browser-mode and Electron implementations. */
export type { KeyStore, SafeStorageLike } from './key-store';
export type { SecretKeyring } from './secret-keyring';
export type { StoredKey } from './key-record';
export { createBrowserKeyStore } from './browser-key-store';
export { openOsKeyring } from './os-keyring';
export { createFileKeyStore } from './file-key-store';
export { createSafeStorageKeyStore } from './safe-storage-key-store';
export { checkApiKey } from './key-format';
