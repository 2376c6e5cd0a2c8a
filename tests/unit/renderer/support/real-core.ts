/**
 * The real Node core (API client, governor, key store) behind the preload
 * API, wired to a fresh reference service. Renderer code under test gets the
 * same `KennelApi` it gets in Electron, minus the IPC hop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { KennelApi } from '../../../../electron/contract/bridge';
import { createKennelCore } from '../../../../electron/core/index';
import { createKennelApi } from '../../../../electron/preload/api';
import { startReferenceService, type ReferenceService } from '../../../../server/index';
import type { KennelDb } from '../../../../src/data/db';
import { freshProfileDb } from '../data/test-db';
import { createIpcApi } from '../../../../src/bridge/ipc-transport';
import { createFileKeyStore } from '../../../helpers/file-key-store';

/** A reference service and the core in front of it, with the local key already set. */
export interface RealCore {
  service: ReferenceService;
  api: KennelApi;
  close(): Promise<void>;
}

/** Starts a reference service with `options` and a core whose local profile uses it. */
export async function startRealCore(
  options: Parameters<typeof startReferenceService>[0] = { seed: 5 },
): Promise<RealCore> {
  const dir = await mkdtemp(join(tmpdir(), 'kennel-core-'));
  const service = await startReferenceService({ port: 0, ...options });
  const core = createKennelCore({
    dataDir: dir,
    keyStore: createFileKeyStore(dir),
    mode: 'electron',
    appVersion: '0.0.0-test',
    env: { KENNEL_LOCAL_URL: service.url },
  });
  const api = createIpcApi(
    createKennelApi((channel, ...args) => core.dispatch(channel.replace(/^kennel:/, ''), args)),
  );
  const saved = await api.setKey('local', 'kennel-demo-business', {});
  if (!saved.ok) throw new Error(`Could not set the test key: ${saved.error.message}`);
  return {
    service,
    api,
    async close() {
      await core.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A profile database in its own in-memory IndexedDB, with no hold before sending (see `freshProfileDb`). */
export function freshDb(): KennelDb {
  return freshProfileDb('local', { indexedDB: new IDBFactory(), IDBKeyRange });
}
