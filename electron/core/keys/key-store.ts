import type {
  KeyStorage,
  KeyStorageInfo,
  ProfileName,
  SetKeyOptions,
} from '../../contract/profiles';
import type { StoredKey } from './key-record';

/**
 * Where API keys live. One implementation per host: the OS keyring in browser
 * mode, Electron's safeStorage in the desktop app (and a plain private file,
 * for tests and tools). Implementations never log keys and never put them in
 * error messages.
 */
export interface KeyStore {
  /** The stored key and the origin it was entered for, or null when there is none. */
  get(profile: ProfileName): Promise<StoredKey | null>;
  /** Stores a key bound to `origin` (where it may be sent); answers where it ended up. */
  set(
    profile: ProfileName,
    key: string,
    origin: string,
    options: SetKeyOptions,
  ): Promise<KeyStorage>;
  /** Forgets the key wherever it is. */
  clear(profile: ProfileName): Promise<void>;
  /**
   * Where a key set now would go, and whether the user must consent to plain
   * storage. May answer later: finding out can mean asking the OS keyring.
   */
  info(profile: ProfileName): KeyStorageInfo | Promise<KeyStorageInfo>;
  /** Where the current key lives (`none` without one), as of the last `get`, `set` or `clear`. */
  storageOf(profile: ProfileName): KeyStorage;
}

/** The part of Electron's `safeStorage` the key store uses; injected so core never imports Electron. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means no real keyring (the "encryption" uses a fixed password). */
  getSelectedStorageBackend?(): string;
}
