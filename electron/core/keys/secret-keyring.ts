/**
 * The OS keyring as the browser-mode key store uses it: named secrets of one
 * service, kept encrypted by the system (Secret Service on Linux, the Keychain
 * on macOS, the Credential Manager on Windows). Injected, so the store's policy
 * is tested without one and the native binding loads only where it is used.
 */
export interface SecretKeyring {
  /**
   * Whether a secret can be stored and read back now. Never throws: no
   * keyring (a headless Linux without a Secret Service) is simply false.
   */
  available(): Promise<boolean>;
  /** The secret stored under `account`, or null when there is none. */
  read(account: string): Promise<string | null>;
  write(account: string, secret: string): Promise<void>;
  /** Forgets the secret; nothing to forget is not an error. */
  remove(account: string): Promise<void>;
}
