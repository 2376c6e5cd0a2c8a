import { createBrowserKeyStore, createKennelCore, openOsKeyring } from '../core';
import type { SecretKeyring } from '../core';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';

/** The service name browser mode's keys are filed under in the OS keyring. */
const KEYRING_SERVICE = 'Kennel browser mode';

/** Options for {@link createBrowserCore}. */
export interface BrowserCoreOptions {
  dataDir: string;
  appVersion: string;
  env: Record<string, string | undefined>;
  /** Where keys are kept encrypted; the OS keyring by default, null for none. */
  keyring?: SecretKeyring | null;
}

/**
 * The core as browser mode runs it: keys encrypted by the OS keyring (or, where
 * there is none, kept for the session unless the user accepts a plain file),
 * `mode: 'browser'`.
 */
export function createBrowserCore(options: BrowserCoreOptions): BridgeDispatcher {
  const keyring = options.keyring === undefined ? openOsKeyring(KEYRING_SERVICE) : options.keyring;
  return createKennelCore({
    dataDir: options.dataDir,
    keyStore: createBrowserKeyStore(options.dataDir, keyring),
    mode: 'browser',
    appVersion: options.appVersion,
    env: options.env,
  });
}
