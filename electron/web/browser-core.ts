import { createFileKeyStore, createKennelCore } from '../core';
import type { BridgeDispatcher } from '../main/bridge-dispatcher';

/** Options for {@link createBrowserCore}. */
export interface BrowserCoreOptions {
  dataDir: string;
  appVersion: string;
  env: Record<string, string | undefined>;
}

/**
 * The core as browser mode runs it: keys in a 0600 file in the data folder
 * (there is no OS keyring to reach from a plain Node process), `mode: 'browser'`.
 */
export function createBrowserCore(options: BrowserCoreOptions): BridgeDispatcher {
  return createKennelCore({
    dataDir: options.dataDir,
    keyStore: createFileKeyStore(options.dataDir),
    mode: 'browser',
    appVersion: options.appVersion,
    env: options.env,
  });
}
