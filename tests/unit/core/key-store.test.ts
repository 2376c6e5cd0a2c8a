import { chmod, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotConfiguredError } from '../../../electron/core/errors/not-configured-error';
import { createBrowserKeyStore } from '../../../electron/core/keys/browser-key-store';
import { createSafeStorageKeyStore } from '../../../electron/core/keys/safe-storage-key-store';
import { createFakeSafeStorage } from '../mocks/electron';
import { createMemoryKeyring } from './helpers/memory-keyring';
import { useTempDirs } from './helpers/temp-dir';
import { createFileKeyStore } from '../../helpers/file-key-store';

const tempDir = useTempDirs();
const KEY = 'sk-test-9f8e7d6c5b4a';
const ORIGIN = 'https://api.example.org';
const stored = { key: KEY, origin: ORIGIN };

describe('plain file key store', () => {
  it('stores the key in a 0600 file inside a 0700 folder and reads it back', async () => {
    const dataDir = await tempDir();
    const store = createFileKeyStore(dataDir);
    expect(store.storageOf('staging')).toBe('none');
    expect(await store.set('staging', KEY, ORIGIN, {})).toBe('file');
    expect((await stat(join(dataDir, 'keys', 'staging.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'keys'))).mode & 0o777).toBe(0o700);
    expect(await store.get('staging')).toEqual(stored);
    expect(await store.get('production')).toBeNull();
    expect(store.storageOf('staging')).toBe('file');
    expect(await store.info('staging')).toMatchObject({
      storage: 'file',
      plainStorageNeedsConsent: false,
    });
    await store.clear('staging');
    expect(await store.get('staging')).toBeNull();
  });

  it('refuses to read a key file other users can read, without echoing the key', async () => {
    const dataDir = await tempDir();
    const store = createFileKeyStore(dataDir);
    await store.set('local', KEY, ORIGIN, {});
    await chmod(join(dataDir, 'keys', 'local.key'), 0o644);
    const err = await store.get('local').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotConfiguredError);
    expect((err as Error).message).toMatch(/other users/);
    expect((err as Error).message).not.toContain(KEY);
  });

  it('tightens a keys folder that already existed with a looser mode', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'keys'), { mode: 0o755 });
    await chmod(join(dataDir, 'keys'), 0o755);
    await createFileKeyStore(dataDir).set('local', KEY, ORIGIN, {});
    expect((await stat(join(dataDir, 'keys'))).mode & 0o777).toBe(0o700);
  });

  it('reads a bare key written by an older version as bound to no origin', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'keys'), { mode: 0o700 });
    await writeFile(join(dataDir, 'keys', 'local.key'), `${KEY}\n`, { mode: 0o600 });
    expect(await createFileKeyStore(dataDir).get('local')).toEqual({ key: KEY, origin: null });
  });
});

describe('safeStorage key store (Electron)', () => {
  it("never reads browser mode's plaintext key file", async () => {
    const dataDir = await tempDir();
    await createFileKeyStore(dataDir).set('local', KEY, ORIGIN, {});
    for (const safe of [
      createFakeSafeStorage(),
      createFakeSafeStorage({ backend: 'basic_text' }),
      createFakeSafeStorage({ available: false, backend: null }),
    ]) {
      const store = createSafeStorageKeyStore(dataDir, safe);
      expect(await store.get('local')).toBeNull();
      expect(store.storageOf('local')).toBe('none');
    }
  });

  it('encrypts with a real keyring backend; the key is not on disk in clear', async () => {
    const dataDir = await tempDir();
    const store = createSafeStorageKeyStore(
      dataDir,
      createFakeSafeStorage({ backend: 'gnome_libsecret' }),
    );
    expect(await store.info('production')).toMatchObject({
      storage: 'encrypted',
      plainStorageNeedsConsent: false,
    });
    expect(await store.set('production', KEY, ORIGIN, {})).toBe('encrypted');
    const blob = await readFile(join(dataDir, 'keys', 'production.enc'));
    expect(blob.toString('utf8')).not.toContain(KEY);
    expect((await stat(join(dataDir, 'keys', 'production.enc'))).mode & 0o777).toBe(0o600);
    expect(await store.get('production')).toEqual(stored);
    expect(store.storageOf('production')).toBe('encrypted');

    // A second instance (next launch) decrypts the same file.
    const again = createSafeStorageKeyStore(dataDir, createFakeSafeStorage());
    expect(await again.get('production')).toEqual(stored);
  });

  it('never stores plainly without consent on basic_text: session only, nothing written', async () => {
    const dataDir = await tempDir();
    const store = createSafeStorageKeyStore(
      dataDir,
      createFakeSafeStorage({ backend: 'basic_text' }),
    );
    expect(await store.info('staging')).toMatchObject({
      plainStorageNeedsConsent: true,
      storage: 'session',
    });
    expect(await store.set('staging', KEY, ORIGIN, {})).toBe('session');
    expect(await store.get('staging')).toEqual(stored);
    expect(store.storageOf('staging')).toBe('session');
    expect(await readdir(join(dataDir, 'keys')).catch(() => [])).toEqual([]);
    // The next launch does not have it.
    expect(
      await createSafeStorageKeyStore(
        dataDir,
        createFakeSafeStorage({ backend: 'basic_text' }),
      ).get('staging'),
    ).toBeNull();
  });

  it('stores after explicit consent and reports plain-accepted', async () => {
    const dataDir = await tempDir();
    const safe = createFakeSafeStorage({ backend: 'basic_text' });
    const store = createSafeStorageKeyStore(dataDir, safe);
    expect(await store.set('staging', KEY, ORIGIN, { acceptPlainStorage: true })).toBe(
      'plain-accepted',
    );
    expect(store.storageOf('staging')).toBe('plain-accepted');
    expect(await createSafeStorageKeyStore(dataDir, safe).get('staging')).toEqual(stored);
  });

  it('without any encryption: needs consent, then keeps a private file', async () => {
    const dataDir = await tempDir();
    const store = createSafeStorageKeyStore(
      dataDir,
      createFakeSafeStorage({ available: false, backend: null }),
    );
    expect((await store.info('local')).plainStorageNeedsConsent).toBe(true);
    expect(await store.set('local', KEY, ORIGIN, {})).toBe('session');
    expect(await store.set('local', KEY, ORIGIN, { acceptPlainStorage: true })).toBe(
      'plain-accepted',
    );
    expect((await stat(join(dataDir, 'keys', 'local.unencrypted'))).mode & 0o777).toBe(0o600);
    expect(await store.get('local')).toEqual(stored);
    await store.clear('local');
    expect(store.storageOf('local')).toBe('none');
  });

  it('reports a blob it cannot decrypt as not configured, without the key', async () => {
    const dataDir = await tempDir();
    await createSafeStorageKeyStore(dataDir, createFakeSafeStorage()).set('local', KEY, ORIGIN, {});
    const broken = createSafeStorageKeyStore(dataDir, {
      ...createFakeSafeStorage(),
      decryptString: () => {
        throw new Error('keyring locked');
      },
    });
    const err = await broken.get('local').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotConfiguredError);
    expect((err as Error).message).not.toContain(KEY);
  });
});

describe('browser-mode key store', () => {
  it('keeps keys encrypted in the keyring: nothing on disk, read back at the next launch', async () => {
    const dataDir = await tempDir();
    const keyring = createMemoryKeyring();
    const store = createBrowserKeyStore(dataDir, keyring);
    expect(await store.info('staging')).toMatchObject({
      storage: 'encrypted',
      plainStorageNeedsConsent: false,
    });
    expect(await store.set('staging', KEY, ORIGIN, {})).toBe('encrypted');
    expect(store.storageOf('staging')).toBe('encrypted');
    expect(await readdir(join(dataDir, 'keys')).catch(() => [])).toEqual([]);
    expect([...keyring.secrets.values()].join()).toContain(KEY);

    const next = createBrowserKeyStore(dataDir, keyring);
    expect(await next.get('staging')).toEqual(stored);
    expect(next.storageOf('staging')).toBe('encrypted');
    await next.clear('staging');
    expect(keyring.secrets.size).toBe(0);
    expect(await createBrowserKeyStore(dataDir, keyring).get('staging')).toBeNull();
  });

  it('keeps the keys of two data folders apart', async () => {
    const keyring = createMemoryKeyring();
    const one = createBrowserKeyStore(await tempDir(), keyring);
    const two = createBrowserKeyStore(await tempDir(), keyring);
    await one.set('local', KEY, ORIGIN, {});
    expect(await two.get('local')).toBeNull();
  });

  it('moves a plain key file into the keyring on first read and deletes the file', async () => {
    const dataDir = await tempDir();
    await createFileKeyStore(dataDir).set('local', KEY, ORIGIN, {});
    await mkdir(join(dataDir, 'keys'), { recursive: true });
    await writeFile(join(dataDir, 'keys', 'staging.key'), `${KEY}\n`, { mode: 0o600 });
    const keyring = createMemoryKeyring();

    const store = createBrowserKeyStore(dataDir, keyring);
    expect(await store.get('local')).toEqual(stored);
    expect(await store.get('staging')).toEqual({ key: KEY, origin: null });
    expect(store.storageOf('local')).toBe('encrypted');
    expect(await readdir(join(dataDir, 'keys'))).toEqual([]);
    expect(await createBrowserKeyStore(dataDir, keyring).get('local')).toEqual(stored);
  });

  it('keeps using a key file the keyring would not take, and says where it is', async () => {
    const dataDir = await tempDir();
    await createFileKeyStore(dataDir).set('local', KEY, ORIGIN, {});
    const keyring = createMemoryKeyring({ refuseWrites: true });
    const store = createBrowserKeyStore(dataDir, keyring);
    expect(await store.get('local')).toEqual(stored);
    expect(store.storageOf('local')).toBe('plain-accepted');
    expect(await readdir(join(dataDir, 'keys'))).toEqual(['local.key']);
  });

  for (const [label, keyring] of [
    ['no keyring at all', () => null],
    ['a keyring that does not answer', () => createMemoryKeyring({ available: false })],
  ] as const) {
    it(`with ${label}: the key lasts the session unless the user accepts a plain file`, async () => {
      const dataDir = await tempDir();
      const store = createBrowserKeyStore(dataDir, keyring());
      expect(await store.info('local')).toMatchObject({
        storage: 'session',
        plainStorageNeedsConsent: true,
      });
      expect(await store.set('local', KEY, ORIGIN, {})).toBe('session');
      expect(await store.get('local')).toEqual(stored);
      expect(store.storageOf('local')).toBe('session');
      expect(await readdir(join(dataDir, 'keys')).catch(() => [])).toEqual([]);
      expect(await createBrowserKeyStore(dataDir, keyring()).get('local')).toBeNull();

      expect(await store.set('local', KEY, ORIGIN, { acceptPlainStorage: true })).toBe(
        'plain-accepted',
      );
      expect((await stat(join(dataDir, 'keys', 'local.key'))).mode & 0o777).toBe(0o600);
      const next = createBrowserKeyStore(dataDir, keyring());
      expect(await next.get('local')).toEqual(stored);
      expect(next.storageOf('local')).toBe('plain-accepted');
      await next.clear('local');
      expect(await readdir(join(dataDir, 'keys'))).toEqual([]);
    });
  }
});
