/**
 * The service profiles, each its own world (base URL, key and local
 * database), and where a profile's key is kept.
 */

export const PROFILES = ['local', 'staging', 'production'] as const;
export type ProfileName = (typeof PROFILES)[number];

/** True for one of the known profile names: for values from the other side, storage or a URL. */
export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && (PROFILES as readonly string[]).includes(value);
}

/** Where a profile's key lives; shown to the user next to the key dialog. */
export type KeyStorage =
  | 'none'
  | 'encrypted' // Electron safeStorage backed by a real keyring / OS store
  | 'file' // a 0600 file without asking: the store of tests and headless tools only
  | 'plain-accepted' // a 0600 file, after the user accepted plain storage (no keyring available)
  | 'session'; // held in memory only, forgotten on quit

export interface ProfileInfo {
  name: ProfileName;
  /** Base URL including `/v1`; empty when not configured. */
  baseUrl: string;
  /**
   * Where the base URL came from, so the settings screen can say why it cannot be edited:
   * `launcher` when `npm start` or `npm run web` set it for the reference service they started,
   * `env` when the user's own environment variable did.
   */
  baseUrlSource: 'default' | 'config' | 'env' | 'launcher' | 'unset';
  hasKey: boolean;
  keyStorage: KeyStorage;
  /** Staging and local are marked so nobody does real intake there by mistake. */
  marked: boolean;
  /**
   * When the service at this base URL was seen honouring `Idempotency-Key`
   * (epoch ms); null until then. The spec does not show the header, so Kennel
   * never assumes it.
   */
  idempotencyProvenAt: number | null;
}

/** What the key dialog needs to know before the user types a key. */
export interface KeyStorageInfo {
  /** Where a key set now would be stored without asking more. */
  storage: KeyStorage;
  /** True on Electron/Linux with only `basic_text`: the user must accept plain storage explicitly. */
  plainStorageNeedsConsent: boolean;
  /** Human-readable location, e.g. "encrypted in the app's data folder". */
  description: string;
}

export interface SetKeyOptions {
  /** Only meaningful where {@link KeyStorageInfo.plainStorageNeedsConsent}; otherwise ignored. */
  acceptPlainStorage?: boolean;
}
