import type { BridgeResult } from '../../../../electron/contract/bridge';
import { createKennelCore } from '../../../../electron/core/index';
import { createFileKeyStore } from '../../../helpers/file-key-store';

/**
 * The real core, its `local` profile pointed at `url` with `key` saved, asked
 * for the list as the renderer would: what reaches the window from that
 * service. The core is closed by `cleanups`.
 */
export async function listThroughCore(
  url: string,
  key: string,
  dataDir: string,
  cleanups: Array<() => Promise<void>>,
): Promise<BridgeResult<unknown>> {
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: '1.0.0',
    env: { KENNEL_LOCAL_URL: url },
    deadlineMs: 2_000,
    governor: { transientRetries: 0 },
  });
  cleanups.push(() => core.close());
  const saved = await core.dispatch('setKey', ['local', key, {}]);
  if (!saved.ok) throw new Error('the key was not saved');
  return core.dispatch('listPets', ['local', {}]);
}
