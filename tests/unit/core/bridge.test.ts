import { chmod, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, type BridgeResult } from '../../../electron/contract/bridge';
import type { Pet } from '../../../electron/contract/pet';
import type { ProfileInfo } from '../../../electron/contract/profiles';
import { createKennelCore, createSafeStorageKeyStore } from '../../../electron/core/index';
import type { KeyStore } from '../../../electron/core/keys/key-store';
import {
  DEMO_KEYS,
  keyIdFor,
  startReferenceService,
  type ReferenceService,
} from '../../../server/index';
import { createFakeSafeStorage } from '../mocks/electron';
import { useTempDirs } from './helpers/temp-dir';
import { startTinyServer } from './helpers/tiny-server';
import { createFileKeyStore } from '../../helpers/file-key-store';

type KennelCore = ReturnType<typeof createKennelCore>;

const tempDir = useTempDirs();
const LOCAL_KEY = 'kennel-demo-pro';
const STAGING_KEY = 'staging-only-secret-123';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function service(
  options: Parameters<typeof startReferenceService>[0] = {},
): Promise<ReferenceService> {
  const svc = await startReferenceService({ port: 0, seed: 3, ...options });
  cleanups.push(() => svc.close());
  return svc;
}

async function core(
  env: Record<string, string>,
  keyStore?: KeyStore,
  folder?: string,
): Promise<KennelCore> {
  const dataDir = folder ?? (await tempDir());
  const kennel = createKennelCore({
    dataDir,
    keyStore: keyStore ?? createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: '1.2.3',
    env,
    deadlineMs: 5_000,
    attemptTimeoutMs: 2_000,
    governor: { jitterMs: 20, retryBackoff: { baseMs: 20, capMs: 200 } },
  });
  cleanups.push(() => kennel.close());
  return kennel;
}

function ok<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value as T;
}

describe('dispatch', () => {
  it('checks an animal once, at the bridge: each bad one refused with its field, nothing sent', async () => {
    const svc = await service();
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url, KENNEL_LOCAL_KEY: LOCAL_KEY });
    const bad: Array<[pet: unknown, idempotencyKey: string, field: string]> = [
      [{ name: '   ', categoryId: '1' }, 'k1', 'name'],
      [{ name: 5, categoryId: '1' }, 'k1', 'name'],
      [{ name: 'A', categoryId: '0' }, 'k1', 'categoryId'],
      [{ name: 'A', categoryId: 2 ** 53 }, 'k1', 'categoryId'],
      [{ name: 'A', categoryId: '9223372036854775808' }, 'k', 'categoryId'],
      [{ name: 'A', categoryId: '1', status: 'lost' }, 'k', 'status'],
      [{ name: 'A', categoryId: '1' }, '', 'idempotencyKey'],
    ];
    for (const [pet, idempotencyKey, field] of bad) {
      const result = await kennel.dispatch('createPet', ['local', pet, { idempotencyKey }]);
      expect(result, JSON.stringify(pet)).toMatchObject({
        ok: false,
        error: { kind: 'invalid-argument', field },
      });
    }
    expect(svc.state.requests).toHaveLength(0);

    // What the bridge lets through is the animal as the contract normalises it.
    const made = ok<{ name: string; categoryId: string }>(
      await kennel.dispatch('createPet', [
        'local',
        { name: '  Tom ', categoryId: 42 },
        { idempotencyKey: 'n-1' },
      ]),
    );
    expect(made).toMatchObject({ name: 'Tom', categoryId: '42' });
  });

  it('refuses unknown methods and malformed arguments before any handler runs', async () => {
    const svc = await service();
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url, KENNEL_LOCAL_KEY: LOCAL_KEY });
    const refused = [
      await kennel.dispatch('deleteEverything', []),
      await kennel.dispatch('__proto__', []),
      await kennel.dispatch('listPets', { profile: 'local' }),
      await kennel.dispatch('listPets', ['qa', {}]),
      await kennel.dispatch('listPets', ['local', { limit: 500 }]),
      await kennel.dispatch('listPets', ['local', { status: 'lost' }]),
      await kennel.dispatch('listPets', ['local', {}, 'extra']),
      await kennel.dispatch('listPets', ['local', {}, { lane: 'urgent' }]),
      await kennel.dispatch('listPetsPage', ['local', { next: 'not a url' }]),
      await kennel.dispatch('listPetsPage', [
        'local',
        { next: 'https://elsewhere.example/v1/pets' },
      ]),
      await kennel.dispatch('listOrders', ['local', {}, 'extra']),
      await kennel.dispatch('getPet', ['local', 12.5]),
      await kennel.dispatch('getPet', ['local', null]),
      await kennel.dispatch('getPet', ['local', '1e3']),
      await kennel.dispatch('createPet', [
        'local',
        { name: '', categoryId: '1' },
        { idempotencyKey: 'a' },
      ]),
      await kennel.dispatch('createPet', ['local', { name: 'A', categoryId: '1' }, {}]),
      await kennel.dispatch('setKey', ['local', 'has space', {}]),
      await kennel.dispatch('setKey', ['local', 'x'.repeat(600), {}]),
      await kennel.dispatch('setKey', ['local', 'okkey', { acceptPlainStorage: 'yes' }]),
      await kennel.dispatch('setBaseUrl', ['local', 42]),
      await kennel.dispatch('idempotencyProvenAt', ['qa']),
      await kennel.dispatch('idempotencyProvenAt', ['local', 'extra']),
    ];
    for (const result of refused) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.kind).toBe('invalid-argument');
    }
    const limit = await kennel.dispatch('listPets', ['local', { limit: 0 }]);
    expect(limit).toMatchObject({ ok: false, error: { kind: 'invalid-argument', field: 'limit' } });
    expect(svc.state.requests).toHaveLength(0);
  });

  it('answers not-configured without a base URL or key, and internal for unexpected failures', async () => {
    const kennel = await core({});
    expect(await kennel.dispatch('listPets', ['staging', {}])).toMatchObject({
      ok: false,
      error: { kind: 'not-configured' },
    });
    const throwing: KeyStore = {
      get: async () => {
        throw new Error(`disk exploded near ${STAGING_KEY}`);
      },
      set: async () => 'file',
      clear: async () => undefined,
      info: () => ({ storage: 'file', plainStorageNeedsConsent: false, description: '' }),
      storageOf: () => 'none',
    };
    const broken = await core({ KENNEL_STAGING_URL: 'https://staging.example.org' }, throwing);
    const result = await broken.dispatch('hasKey', ['staging']);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(result)).not.toContain(STAGING_KEY);
    expect(JSON.stringify(result)).not.toContain('exploded');
  });

  it('reports app info and profiles', async () => {
    const kennel = await core({ KENNEL_STAGING_URL: 'https://staging.example.org' });
    expect(ok(await kennel.dispatch('appInfo', []))).toMatchObject({
      name: 'Kennel',
      version: '1.2.3',
      mode: 'browser',
      // The desk file names the computer that saved it.
      computerName: hostname(),
    });
    const profiles = ok<ProfileInfo[]>(await kennel.dispatch('listProfiles', []));
    expect(profiles.map((p) => [p.name, p.baseUrlSource, p.marked])).toEqual([
      ['local', 'default', true],
      ['staging', 'env', true],
      ['production', 'unset', false],
    ]);
  });
});

describe('keys across the bridge', () => {
  it('never returns the key from any method, in results or errors', async () => {
    const svc = await service();
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url });
    const key = LOCAL_KEY;
    const transcript: unknown[] = [];
    const call = async (method: string, args: unknown[]) => {
      const result = await kennel.dispatch(method, args);
      transcript.push(result);
      return result;
    };
    await call('setKey', ['local', key, {}]);
    const pets = ok<Array<{ id: string }>>(await call('listPets', ['local', { limit: 5 }]));
    const calls: Array<[string, unknown[]]> = [
      ['appInfo', []],
      ['listProfiles', []],
      ['setBaseUrl', ['production', 'https://api.example.org']],
      ['keyStorageInfo', ['local']],
      ['hasKey', ['local']],
      ['getPet', ['local', pets[0]!.id]],
      ['getPet', ['local', '424242']],
      ['createPet', ['local', { name: 'Bo', categoryId: '3' }, { idempotencyKey: 'b-1' }]],
      ['createPet', ['local', { name: 'Other', categoryId: '3' }, { idempotencyKey: 'b-1' }]],
      ['rateLimit', ['local']],
      ['endPause', ['local']],
      ['idempotencyProvenAt', ['local']],
      ['cancelCreate', ['local', { idempotencyKey: 'b-1' }]],
      ['listPetsPage', ['local', { query: { limit: 2 } }, { lane: 'background' }]],
      ['listOrders', ['local', { lane: 'user' }]],
      ['listPets', ['production', {}]],
      ['setKey', ['local', `${key} `, {}]],
      ['clearKey', ['local']],
      ['listPets', ['local', {}]],
    ];
    for (const [method, args] of calls) await call(method, args);
    // Every method was exercised.
    const used = new Set(['setKey', 'listPets', ...calls.map(([m]) => m)]);
    expect([...BRIDGE_METHODS].filter((m) => !used.has(m))).toEqual([]);
    const json = JSON.stringify(transcript);
    expect(json).not.toContain(key);
    expect(transcript.some((r) => (r as BridgeResult<unknown>).ok === false)).toBe(true);
    // The pro plan's window is visible, the key that bought it is not.
    expect(json).toContain('"limit":300');
  });

  it("sends a profile's key only to that profile's host", async () => {
    const local = await service();
    const staging = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    cleanups.push(staging.close);
    const kennel = await core({
      KENNEL_LOCAL_URL: local.url,
      KENNEL_STAGING_URL: staging.url,
      KENNEL_STAGING_KEY: STAGING_KEY,
    });
    ok(await kennel.dispatch('setKey', ['local', LOCAL_KEY, {}]));
    ok(await kennel.dispatch('listPets', ['staging', {}]));
    ok(await kennel.dispatch('listPets', ['local', {}]));
    ok(await kennel.dispatch('listPets', ['staging', { limit: 3 }]));
    ok(await kennel.dispatch('listPets', ['local', { limit: 3 }]));

    expect(staging.seen.map((r) => r.authorization)).toEqual([
      `Bearer ${STAGING_KEY}`,
      `Bearer ${STAGING_KEY}`,
    ]);
    const localKeyId = keyIdFor(LOCAL_KEY, DEMO_KEYS[LOCAL_KEY]!);
    expect(local.state.requests.map((r) => r.keyId)).toEqual([localKeyId, localKeyId]);
  });

  it('reports an env-seeded key as session storage until the store has one, and clears it', async () => {
    const svc = await service();
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url, KENNEL_LOCAL_KEY: LOCAL_KEY });
    let local = ok<ProfileInfo[]>(await kennel.dispatch('listProfiles', []))[0]!;
    expect(local).toMatchObject({ hasKey: true, keyStorage: 'session' });
    local = ok<ProfileInfo>(await kennel.dispatch('setKey', ['local', 'kennel-demo-free', {}]));
    expect(local).toMatchObject({ hasKey: true, keyStorage: 'file' });
    ok(await kennel.dispatch('listPets', ['local', {}]));
    expect(svc.state.requests[0]!.keyId).toBe(
      keyIdFor('kennel-demo-free', DEMO_KEYS['kennel-demo-free']!),
    );
    local = ok<ProfileInfo>(await kennel.dispatch('clearKey', ['local']));
    expect(local).toMatchObject({ hasKey: false, keyStorage: 'none' });
    expect(await kennel.dispatch('listPets', ['local', {}])).toMatchObject({
      ok: false,
      error: { kind: 'not-configured' },
    });
  });

  it('makes plain storage an explicit choice on Electron without a keyring', async () => {
    const dataDir = await tempDir();
    const store = createSafeStorageKeyStore(
      dataDir,
      createFakeSafeStorage({ backend: 'basic_text' }),
    );
    const kennel = await core({ KENNEL_STAGING_URL: 'https://staging.example.org' }, store);
    expect(ok(await kennel.dispatch('keyStorageInfo', ['staging']))).toMatchObject({
      plainStorageNeedsConsent: true,
    });
    expect(ok(await kennel.dispatch('setKey', ['staging', STAGING_KEY, {}]))).toMatchObject({
      keyStorage: 'session',
    });
    expect(
      ok(await kennel.dispatch('setKey', ['staging', STAGING_KEY, { acceptPlainStorage: true }])),
    ).toMatchObject({ keyStorage: 'plain-accepted' });
  });

  it('exposes the governor state of the profile key; a spec-only service gets a daily budget from its plan', async () => {
    const svc = await service();
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url, KENNEL_LOCAL_KEY: LOCAL_KEY });
    expect(ok(await kennel.dispatch('rateLimit', ['local']))).toMatchObject({ limit: null });
    ok(await kennel.dispatch('listPets', ['local', {}]));
    expect(ok(await kennel.dispatch('rateLimit', ['local']))).toMatchObject({
      limit: 300,
      remaining: 299,
      // 300 a minute is the spec's Pro plan: 10,000 a day, counted here.
      dailyLimit: 10_000,
      dailyRemaining: 9_999,
      dailySource: 'plan',
    });
  });

  it('hands the governor’s view back with every answer about a profile’s service, failures included', async () => {
    const svc = await service();
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url, KENNEL_LOCAL_KEY: LOCAL_KEY });
    const listed = await kennel.dispatch('listPets', ['local', { limit: 1 }]);
    expect(listed).toMatchObject({
      ok: true,
      rate: { profile: 'local', state: { limit: 300, remaining: 299 } },
    });
    const created = await kennel.dispatch('createPet', [
      'local',
      { name: 'Rex', categoryId: '1' },
      { idempotencyKey: 'rate-1' },
    ]);
    expect(created).toMatchObject({ ok: true, rate: { state: { remaining: 298 } } });
    const refused = await kennel.dispatch('getPet', ['local', '999999999']);
    expect(refused).toMatchObject({ ok: false, rate: { state: { remaining: 297 } } });

    // Calls that do not speak to the service carry nothing.
    const profiles = await kennel.dispatch('listProfiles', []);
    expect(profiles.ok).toBe(true);
    expect(profiles).not.toHaveProperty('rate');
    expect(await kennel.dispatch('listPets', ['qa', {}])).not.toHaveProperty('rate');
  });

  it('takes the daily budget from the plan named in the environment, or from daily headers', async () => {
    const spec = await service();
    const planned = await core({
      KENNEL_LOCAL_URL: spec.url,
      KENNEL_LOCAL_KEY: LOCAL_KEY,
      KENNEL_LOCAL_DAILY_LIMIT: '10000',
    });
    ok(await planned.dispatch('listPets', ['local', {}]));
    expect(ok(await planned.dispatch('rateLimit', ['local']))).toMatchObject({
      dailyLimit: 10_000,
      dailyRemaining: 9_999,
    });

    const extended = await service({ dailyHeaders: true });
    const told = await core({ KENNEL_LOCAL_URL: extended.url, KENNEL_LOCAL_KEY: LOCAL_KEY });
    ok(await told.dispatch('listPets', ['local', {}]));
    expect(ok(await told.dispatch('rateLimit', ['local']))).toMatchObject({
      limit: 300,
      dailyLimit: 10_000,
      dailyRemaining: 9_999,
    });
  });

  it('lists profiles even when a key file is unsafe, and says why when it is needed', async () => {
    const svc = await service();
    const dataDir = await tempDir();
    const before = await core({ KENNEL_LOCAL_URL: svc.url }, createFileKeyStore(dataDir), dataDir);
    ok(await before.dispatch('setKey', ['local', LOCAL_KEY, {}]));
    await before.close();
    await chmod(join(dataDir, 'keys', 'local.key'), 0o644);
    // The next launch finds the file readable by others.
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url }, createFileKeyStore(dataDir), dataDir);
    const profiles = ok<ProfileInfo[]>(await kennel.dispatch('listProfiles', []));
    expect(profiles[0]).toMatchObject({ name: 'local', hasKey: false });
    const refused = await kennel.dispatch('listPets', ['local', {}]);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    expect(JSON.stringify(refused)).toContain('other users');
    expect(svc.state.requests).toHaveLength(0);
  });
});

describe('keys bound to their origin', () => {
  const refusedFor = (result: BridgeResult<unknown>, origin: string): void => {
    expect(result).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!result.ok) expect(result.error.message).toContain(`entered for ${origin}`);
  };

  it('does not send the key to a new base URL; the user enters it again for the new host', async () => {
    const first = await service();
    const other = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    cleanups.push(other.close);
    const kennel = await core({});
    ok(await kennel.dispatch('setBaseUrl', ['staging', first.url]));
    ok(await kennel.dispatch('setKey', ['staging', LOCAL_KEY, {}]));
    ok(await kennel.dispatch('listPets', ['staging', {}]));

    const moved = ok<ProfileInfo>(await kennel.dispatch('setBaseUrl', ['staging', other.url]));
    expect(moved.hasKey).toBe(false);
    expect(ok(await kennel.dispatch('hasKey', ['staging']))).toBe(false);
    refusedFor(await kennel.dispatch('listPets', ['staging', {}]), new URL(first.url).origin);
    expect(other.seen).toHaveLength(0);
    expect(ok(await kennel.dispatch('rateLimit', ['staging']))).toMatchObject({ limit: null });

    // Entered again for the new host, it goes there (and only there).
    ok(await kennel.dispatch('setKey', ['staging', STAGING_KEY, {}]));
    ok(await kennel.dispatch('listPets', ['staging', {}]));
    expect(other.seen.map((r) => r.authorization)).toEqual([`Bearer ${STAGING_KEY}`]);
    // And the first host's key is not usable there any more either.
    ok(await kennel.dispatch('setBaseUrl', ['staging', first.url]));
    refusedFor(await kennel.dispatch('listPets', ['staging', {}]), new URL(other.url).origin);
    expect(first.state.requests).toHaveLength(1);
  });

  it('does not send the key to another host named by the environment at the next start', async () => {
    const first = await service();
    const other = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    cleanups.push(other.close);
    const dataDir = await tempDir();
    const before = await core({ KENNEL_STAGING_URL: first.url }, undefined, dataDir);
    ok(await before.dispatch('setKey', ['staging', LOCAL_KEY, {}]));
    ok(await before.dispatch('listPets', ['staging', {}]));
    await before.close();

    const after = await core({ KENNEL_STAGING_URL: other.url }, undefined, dataDir);
    const profiles = ok<ProfileInfo[]>(await after.dispatch('listProfiles', []));
    expect(profiles.find((p) => p.name === 'staging')?.hasKey).toBe(false);
    refusedFor(await after.dispatch('listPets', ['staging', {}]), new URL(first.url).origin);
    expect(other.seen).toHaveLength(0);
  });

  it('refuses a key for a profile with no base URL yet, saying what to do first', async () => {
    const kennel = await core({});
    const result = await kennel.dispatch('setKey', ['production', STAGING_KEY, {}]);
    expect(result).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    if (!result.ok) expect(result.error.message).toMatch(/base URL/);
    expect(JSON.stringify(result)).not.toContain(STAGING_KEY);
  });
});

describe('reading keys', () => {
  /** A file store that counts its reads. */
  function countingStore(dataDir: string): KeyStore & { reads: number } {
    const inner = createFileKeyStore(dataDir);
    const counting = {
      ...inner,
      reads: 0,
      get: async (profile: Parameters<KeyStore['get']>[0]) => {
        if (profile === 'local') counting.reads += 1;
        return inner.get(profile);
      },
    };
    return counting;
  }

  it('reads a stored key once, again only after it changes, and polls the rate limit without it', async () => {
    const svc = await service();
    const dataDir = await tempDir();
    const first = await core({ KENNEL_LOCAL_URL: svc.url }, createFileKeyStore(dataDir), dataDir);
    ok(await first.dispatch('setKey', ['local', LOCAL_KEY, {}]));
    await first.close();

    const store = countingStore(dataDir);
    const kennel = await core({ KENNEL_LOCAL_URL: svc.url }, store, dataDir);
    for (let i = 0; i < 3; i += 1) ok(await kennel.dispatch('listPets', ['local', { limit: 2 }]));
    ok(await kennel.dispatch('listProfiles', []));
    expect(store.reads).toBe(1);

    for (let i = 0; i < 5; i += 1) {
      expect(ok(await kennel.dispatch('rateLimit', ['local']))).toMatchObject({ limit: 300 });
    }
    expect(store.reads).toBe(1);

    // A new key is used at once, without reading it back.
    ok(await kennel.dispatch('setKey', ['local', 'kennel-demo-free', {}]));
    ok(await kennel.dispatch('listPets', ['local', {}]));
    expect(svc.state.requests.at(-1)!.keyId).toBe(
      keyIdFor('kennel-demo-free', DEMO_KEYS['kennel-demo-free']!),
    );
    expect(store.reads).toBe(1);
    ok(await kennel.dispatch('clearKey', ['local']));
    expect(await kennel.dispatch('listPets', ['local', {}])).toMatchObject({
      ok: false,
      error: { kind: 'not-configured' },
    });
    expect(ok(await kennel.dispatch('rateLimit', ['local']))).toMatchObject({ limit: null });
  });
});

describe('proof that the service honours Idempotency-Key', () => {
  const rex = { name: 'Rex', categoryId: '3' };
  const localInfo = async (kennel: KennelCore): Promise<ProfileInfo> =>
    ok<ProfileInfo[]>(await kennel.dispatch('listProfiles', [])).find((p) => p.name === 'local')!;
  const createsWith = (svc: ReferenceService, key: string) =>
    svc.state.requests.filter((r) => r.method === 'POST' && r.idempotencyKey === key);

  /** A core whose local profile points at `svc` through its settings, with the key entered. */
  async function localCore(svc: ReferenceService, dataDir: string): Promise<KennelCore> {
    const kennel = await core({}, undefined, dataDir);
    ok(await kennel.dispatch('setBaseUrl', ['local', svc.url]));
    ok(await kennel.dispatch('setKey', ['local', LOCAL_KEY, {}]));
    return kennel;
  }

  it('hands back a dropped or gateway-failed create without sending it again while nothing is proven', async () => {
    const svc = await service({ seed: 0, idempotency: true, faults: { dropAfterCreateRate: 1 } });
    const kennel = await localCore(svc, await tempDir());
    const result = await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'k-1' }]);
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', outcomeUnknown: true } });
    expect(createsWith(svc, 'k-1')).toHaveLength(1);
    expect(svc.state.pets()).toHaveLength(1);

    svc.state.setFaults({ errorAfterCreateRate: 1, errorAfterCreateStatuses: [504] });
    const gateway = await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'k-2' }]);
    expect(gateway).toMatchObject({ ok: false, error: { kind: 'server', status: 504 } });
    expect(createsWith(svc, 'k-2')).toHaveLength(1);
    expect(svc.state.pets()).toHaveLength(2);
    expect(ok(await kennel.dispatch('idempotencyProvenAt', ['local']))).toBeNull();
  });

  it('records the proof when a resend with the same key is answered as a replay', async () => {
    const svc = await service({ seed: 0, idempotency: true });
    const other = await service({ seed: 0, idempotency: true });
    const dataDir = await tempDir();
    const kennel = await localCore(svc, dataDir);
    expect((await localInfo(kennel)).idempotencyProvenAt).toBeNull();

    const before = Date.now();
    const first = ok<Pet>(
      await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'resend-1' }]),
    );
    // A first answer proves nothing.
    expect(ok(await kennel.dispatch('idempotencyProvenAt', ['local']))).toBeNull();
    const again = ok<Pet>(
      await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'resend-1' }]),
    );
    expect(again).toEqual(first);
    expect(svc.state.pets()).toHaveLength(1);

    const provenAt = ok<number | null>(await kennel.dispatch('idempotencyProvenAt', ['local']));
    expect(provenAt).toBeTypeOf('number');
    expect(provenAt).toBeGreaterThanOrEqual(before);
    expect(provenAt).toBeLessThanOrEqual(Date.now());
    expect((await localInfo(kennel)).idempotencyProvenAt).toBe(provenAt);
    const saved = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as unknown;
    expect(saved).toMatchObject({ idempotencyProofs: { local: { baseUrl: svc.url, provenAt } } });
    await kennel.close();

    // The next launch still knows it.
    const later = await core({}, undefined, dataDir);
    expect((await localInfo(later)).idempotencyProvenAt).toBe(provenAt);
    expect(ok(await later.dispatch('idempotencyProvenAt', ['local']))).toBe(provenAt);

    // Another service behind the profile has proven nothing.
    const moved = ok<ProfileInfo>(await later.dispatch('setBaseUrl', ['local', other.url]));
    expect(moved.idempotencyProvenAt).toBeNull();
    expect(ok(await later.dispatch('idempotencyProvenAt', ['local']))).toBeNull();
    expect((await localInfo(later)).idempotencyProvenAt).toBeNull();
  });

  it('once proven, sends a dropped create again with the same key, creating one animal', async () => {
    const svc = await service({ seed: 0, idempotency: true });
    const kennel = await localCore(svc, await tempDir());
    ok(await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'proof-1' }]));
    ok(await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'proof-1' }]));
    expect(ok(await kennel.dispatch('idempotencyProvenAt', ['local']))).toBeTypeOf('number');

    svc.state.setFaults({ dropAfterCreateRate: 1 });
    const luna = ok<Pet>(
      await kennel.dispatch('createPet', [
        'local',
        { name: 'Luna', categoryId: '7' },
        { idempotencyKey: 'k-2' },
      ]),
    );
    expect(createsWith(svc, 'k-2').map((r) => r.status)).toEqual(['dropped', 201]);
    expect(svc.state.pets().map((p) => p.name)).toEqual(['Rex', 'Luna']);
    expect(luna.id).toBe(svc.state.pets()[1]!.id.toString());
  });

  it('is never recorded by a service that follows the specification only', async () => {
    const svc = await service({ seed: 0 });
    const kennel = await localCore(svc, await tempDir());
    ok(await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'resend-1' }]));
    ok(await kennel.dispatch('createPet', ['local', rex, { idempotencyKey: 'resend-1' }]));
    // The resend made a twin: this is what a Resend must first look for.
    expect(svc.state.pets()).toHaveLength(2);
    expect(ok(await kennel.dispatch('idempotencyProvenAt', ['local']))).toBeNull();
    expect((await localInfo(kennel)).idempotencyProvenAt).toBeNull();
  });

  it('ignores a damaged proof in config.json and still uses its base URLs', async () => {
    const svc = await service({ seed: 0 });
    const dataDir = await tempDir();
    await writeFile(
      join(dataDir, 'config.json'),
      JSON.stringify({
        baseUrls: { local: svc.url },
        idempotencyProofs: { local: { baseUrl: svc.url, provenAt: 'long ago' } },
      }),
    );
    // A key from the environment never follows a saved address: this one is entered for it.
    const kennel = await core({}, undefined, dataDir);
    expect(await localInfo(kennel)).toMatchObject({
      baseUrl: svc.url,
      baseUrlSource: 'config',
      idempotencyProvenAt: null,
    });
    expect(ok(await kennel.dispatch('idempotencyProvenAt', ['local']))).toBeNull();
    ok(await kennel.dispatch('setKey', ['local', LOCAL_KEY, { acceptPlainStorage: true }]));
    ok(await kennel.dispatch('listPets', ['local', {}]));
    expect(svc.state.requests).toHaveLength(1);
  });
});
