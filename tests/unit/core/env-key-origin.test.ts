import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../electron/contract/bridge';
import type { ProfileInfo } from '../../../electron/contract/profiles';
import { createKennelCore } from '../../../electron/core/index';
import { useTempDirs } from './helpers/temp-dir';
import { startTinyServer } from './helpers/tiny-server';
import { createFileKeyStore } from '../../helpers/file-key-store';

type KennelCore = ReturnType<typeof createKennelCore>;

const tempDir = useTempDirs();
const ENV_KEY = 'env-seeded-staging-key-42';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A service that answers every list with no animals and records the requests. */
async function emptyService(): Promise<Awaited<ReturnType<typeof startTinyServer>>> {
  const server = await startTinyServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  cleanups.push(server.close);
  return server;
}

async function startCore(env: Record<string, string>, dataDir: string): Promise<KennelCore> {
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: '1.0.0',
    env,
    deadlineMs: 2_000,
  });
  cleanups.push(() => core.close());
  return core;
}

function staging(result: BridgeResult<unknown>): ProfileInfo | undefined {
  if (!result.ok) throw new Error(result.error.message);
  const value = result.value as ProfileInfo | ProfileInfo[];
  return Array.isArray(value) ? value.find((p) => p.name === 'staging') : value;
}

describe('a key from the environment', () => {
  it('never goes to an address saved by the app, even one saved before this start', async () => {
    // An earlier run saved this address through the bridge (`setBaseUrl` writes config.json).
    const saved = await emptyService();
    const dataDir = await tempDir();
    await writeFile(
      join(dataDir, 'config.json'),
      JSON.stringify({ baseUrls: { staging: saved.url } }),
    );
    const core = await startCore({ KENNEL_STAGING_KEY: ENV_KEY }, dataDir);
    expect(staging(await core.dispatch('listProfiles', []))).toMatchObject({ hasKey: false });
    const refused = await core.dispatch('listPets', ['staging', {}]);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!refused.ok) expect(refused.error.message).toContain('KENNEL_STAGING_URL');
    expect(JSON.stringify(refused)).not.toContain(ENV_KEY);
    expect(saved.seen).toHaveLength(0);
  });

  it('goes to the built-in address of a profile that has one, and not once the page moves it', async () => {
    const other = await emptyService();
    const dataDir = await tempDir();
    const core = await startCore({ KENNEL_LOCAL_KEY: ENV_KEY }, dataDir);
    const local = (await core.dispatch('listProfiles', [])) as BridgeResult<ProfileInfo[]>;
    expect(local.ok && local.value.find((p) => p.name === 'local')).toMatchObject({
      hasKey: true,
      keyStorage: 'session',
    });
    expect((await core.dispatch('setBaseUrl', ['local', other.url])).ok).toBe(true);
    const refused = await core.dispatch('listPets', ['local', {}]);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!refused.ok) expect(refused.error.message).toContain('http://127.0.0.1:4010');
    expect(other.seen).toHaveLength(0);
  });

  it('is bound before the first bridge call, so an immediate setBaseUrl cannot take it', async () => {
    const other = await emptyService();
    const dataDir = await tempDir();
    const core = await startCore({ KENNEL_STAGING_KEY: ENV_KEY }, dataDir);
    // Staging had no address at start: the key has nowhere it may go.
    const [moved, listed] = await Promise.all([
      core.dispatch('setBaseUrl', ['staging', other.url]),
      core.dispatch('listProfiles', []),
    ]);
    expect(staging(listed)).toMatchObject({ hasKey: false });
    expect(staging(moved)).toMatchObject({ hasKey: false });
    const refused = await core.dispatch('listPets', ['staging', {}]);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!refused.ok) expect(refused.error.message).toContain('KENNEL_STAGING_URL');
    expect(other.seen).toHaveLength(0);
  });

  it('follows KENNEL_<PROFILE>_URL, which the page cannot change', async () => {
    const service = await emptyService();
    const dataDir = await tempDir();
    await mkdir(dataDir, { recursive: true });
    const core = await startCore(
      { KENNEL_STAGING_KEY: ENV_KEY, KENNEL_STAGING_URL: service.url },
      dataDir,
    );
    expect(staging(await core.dispatch('listProfiles', []))).toMatchObject({
      hasKey: true,
      keyStorage: 'session',
    });
    expect((await core.dispatch('listPets', ['staging', {}])).ok).toBe(true);
    expect((await core.dispatch('setBaseUrl', ['staging', 'http://127.0.0.1:9/v1'])).ok).toBe(
      false,
    );
    expect(service.seen.map((r) => r.authorization)).toEqual([`Bearer ${ENV_KEY}`]);
  });
});
