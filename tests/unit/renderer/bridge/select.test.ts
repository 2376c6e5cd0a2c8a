import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKennelCore } from '../../../../electron/core/index';
import { createKennelApi } from '../../../../electron/preload/api';
import { selectTransport, type TransportEnvironment } from '../../../../src/bridge/select';
import { startRealBridge, type RealBridge } from '../support/real-bridge';
import { createFileKeyStore } from '../../../helpers/file-key-store';

type KennelCore = ReturnType<typeof createKennelCore>;

// Where the page keeps its token: a stored format, so written out here.
const TOKEN_STORAGE_KEY = 'kennel.bridgeToken';

let bridge: RealBridge;
let core: KennelCore;
let coreDir: string;

beforeAll(async () => {
  bridge = await startRealBridge();
  coreDir = await mkdtemp(join(tmpdir(), 'kennel-ipc-'));
  core = createKennelCore({
    dataDir: coreDir,
    keyStore: createFileKeyStore(coreDir),
    mode: 'electron',
    appVersion: '0.0.0-test',
    env: { KENNEL_LOCAL_URL: bridge.service.url },
  });
});

afterAll(async () => {
  await core.close();
  await bridge.close();
  await rm(coreDir, { recursive: true, force: true });
});

/** A page environment; `fetch` is pointed at the web host as the page's own origin would be. */
function environment(preload: unknown, hash: string) {
  const storage = new Map<string, string>();
  const replaced: string[] = [];
  const env: TransportEnvironment = {
    preload,
    location: { hash, pathname: '/', search: '' },
    history: { state: null, replaceState: (_s, _u, url) => void replaced.push(String(url)) },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    fetch: (input, init) => globalThis.fetch(new URL(String(input), bridge.host.origin), init),
  };
  return { env, storage, replaced };
}

/** The preload object Electron would expose, wired to the real core instead of IPC. */
function preloadOverCore() {
  return createKennelApi((channel, ...args) =>
    core.dispatch(channel.replace(/^kennel:/, ''), args),
  );
}

describe('selectTransport', () => {
  it('uses the preload API inside Electron and never touches the URL token', async () => {
    const page = environment(preloadOverCore(), '#token=ignored');
    const selected = selectTransport(page.env);
    expect(selected.mode).toBe('ipc');
    expect(page.replaced).toEqual([]);
    const info = await selected.api.appInfo();
    expect(info.ok && info.value.mode).toBe('electron');
  });

  it('uses HTTP with the fragment token in browser mode', async () => {
    const page = environment(undefined, `#token=${bridge.host.token}`);
    const selected = selectTransport(page.env);
    expect(selected.mode).toBe('http');
    expect(page.storage.get(TOKEN_STORAGE_KEY)).toBe(bridge.host.token);
    expect(page.replaced).toEqual(['/']);
    const info = await selected.api.appInfo();
    expect(info.ok && info.value.mode).toBe('browser');
  });

  it('falls back to HTTP when window.kennel is not the Kennel API', async () => {
    const page = environment({ appInfo: () => Promise.resolve() }, `#token=${bridge.host.token}`);
    expect(selectTransport(page.env).mode).toBe('http');
  });

  it('turns a failing IPC call into an internal error', async () => {
    const broken = createKennelApi(() => Promise.reject(new Error('main process gone')));
    const selected = selectTransport(environment(broken, '').env);
    const result = await selected.api.listProfiles();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('internal');
      expect(result.error.message).not.toContain('main process gone');
    }
  });

  it('turns an IPC answer that is not a bridge result into an internal error', async () => {
    const odd = createKennelApi(() => Promise.resolve('surprise'));
    const result = await selectTransport(environment(odd, '').env).api.hasKey('local');
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'internal' }) });
  });
});
