import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../electron/core/data-dir';
import { InvalidArgumentError } from '../../../electron/core/errors/invalid-argument-error';
import { normaliseBaseUrl } from '../../../electron/core/profiles/base-url';
import { createProfileRegistry } from '../../../electron/core/profiles/profiles';
import { useTempDirs } from './helpers/temp-dir';

const tempDir = useTempDirs();

describe('base URLs', () => {
  it.each([
    ['https://api.example.org', 'https://api.example.org/v1'],
    ['https://api.example.org/v1/', 'https://api.example.org/v1'],
    ['https://api.example.org/petstore/', 'https://api.example.org/petstore/v1'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010/v1'],
    ['http://127.8.9.10:1/v1', 'http://127.8.9.10:1/v1'],
    ['http://localhost:4010/v1', 'http://localhost:4010/v1'],
    ['http://[::1]:4010', 'http://[::1]:4010/v1'],
  ])('%s becomes %s', (input, expected) => {
    expect(normaliseBaseUrl(input)).toBe(expected);
  });

  it.each([
    'http://api.example.org/v1',
    'http://192.168.1.2/v1',
    'http://127.0.0.1.evil.com/v1',
    'http://128.0.0.1/v1',
    'http://localhost.example.com/v1',
    'https://user:pw@api.example.org/v1',
    'https://api.example.org/v1?x=1',
    'https://api.example.org/v1#top',
    'ftp://api.example.org/v1',
    'not a url',
  ])('refuses %s', (input) => {
    const err = (() => {
      try {
        normaliseBaseUrl(input);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect((err as InvalidArgumentError).field).toBe('baseUrl');
  });
});

describe('profile precedence', () => {
  it('uses env over the config file over the default', async () => {
    const dataDir = await tempDir();
    const registry = createProfileRegistry({ dataDir, env: {} });
    expect(await registry.resolve('local')).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/v1',
      source: 'default',
    });
    expect(await registry.resolve('staging')).toMatchObject({ baseUrl: '', source: 'unset' });

    await registry.setBaseUrl('local', 'http://127.0.0.1:5000');
    await registry.setBaseUrl('staging', 'https://staging.example.org/');
    expect(await registry.resolve('local')).toMatchObject({
      baseUrl: 'http://127.0.0.1:5000/v1',
      source: 'config',
    });

    // A new process reads the file back.
    const withEnv = createProfileRegistry({
      dataDir,
      env: { KENNEL_STAGING_URL: 'https://env.example.org/v1' },
    });
    expect(await withEnv.resolve('staging')).toMatchObject({
      baseUrl: 'https://env.example.org/v1',
      source: 'env',
    });
    expect(await withEnv.resolve('local')).toMatchObject({ baseUrl: 'http://127.0.0.1:5000/v1' });
    await expect(withEnv.setBaseUrl('staging', 'https://other.example.org')).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });

  it('writes config.json atomically and privately, and refuses non-HTTPS remote hosts', async () => {
    const dataDir = await tempDir();
    const registry = createProfileRegistry({ dataDir, env: {} });
    await expect(
      registry.setBaseUrl('production', 'http://api.example.org'),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    await registry.setBaseUrl('production', 'https://api.example.org');
    const text = await readFile(join(dataDir, 'config.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({
      baseUrls: { production: 'https://api.example.org/v1' },
      idempotencyProofs: {},
    });
    expect((await stat(join(dataDir, 'config.json'))).mode & 0o777).toBe(0o600);
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('reports an unusable env URL instead of using it, and keeps a broken config file aside', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, 'config.json'), '{ not json');
    const registry = createProfileRegistry({
      dataDir,
      env: { KENNEL_PRODUCTION_URL: 'http://plain.example.org' },
    });
    const production = await registry.resolve('production');
    expect(production.baseUrl).toBe('');
    expect(production.problem).toContain('KENNEL_PRODUCTION_URL');
    await registry.setBaseUrl('staging', 'https://staging.example.org');
    const files = await readdir(dataDir);
    expect(files.some((f) => f.startsWith('config.json.invalid-'))).toBe(true);
  });
});

describe('idempotency proofs', () => {
  it('binds a proof to the base URL it was seen at, keeps the first time, and reads it back', async () => {
    const dataDir = await tempDir();
    const registry = createProfileRegistry({ dataDir, env: {} });
    expect(await registry.idempotencyProvenAt('local')).toBeNull();

    await registry.recordIdempotencyProof('local', 1_000);
    await registry.recordIdempotencyProof('local', 2_000);
    expect(await registry.idempotencyProvenAt('local')).toBe(1_000);
    expect(await registry.idempotencyProvenAt('staging')).toBeNull();
    const text = await readFile(join(dataDir, 'config.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({
      baseUrls: {},
      idempotencyProofs: { local: { baseUrl: 'http://127.0.0.1:4010/v1', provenAt: 1_000 } },
    });

    const again = createProfileRegistry({ dataDir, env: {} });
    expect(await again.idempotencyProvenAt('local')).toBe(1_000);

    // Another service behind the profile has proven nothing yet.
    await again.setBaseUrl('local', 'http://127.0.0.1:5000');
    expect(await again.idempotencyProvenAt('local')).toBeNull();
    await again.recordIdempotencyProof('local', 3_000);
    expect(await again.idempotencyProvenAt('local')).toBe(3_000);
    await again.setBaseUrl('local', '');
    expect(await again.idempotencyProvenAt('local')).toBeNull();
  });

  it('does not carry a proof over to a base URL the environment names at the next start', async () => {
    const dataDir = await tempDir();
    const before = createProfileRegistry({
      dataDir,
      env: { KENNEL_STAGING_URL: 'https://staging.example.org' },
    });
    await before.recordIdempotencyProof('staging', 1_000);
    expect(await before.idempotencyProvenAt('staging')).toBe(1_000);

    const moved = createProfileRegistry({
      dataDir,
      env: { KENNEL_STAGING_URL: 'https://other.example.org' },
    });
    expect(await moved.idempotencyProvenAt('staging')).toBeNull();
  });

  it('records nothing for a profile without a base URL', async () => {
    const dataDir = await tempDir();
    const registry = createProfileRegistry({ dataDir, env: {} });
    await registry.recordIdempotencyProof('production', 1_000);
    expect(await registry.idempotencyProvenAt('production')).toBeNull();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('ignores a damaged proof but still reads the base URLs and the sound proofs', async () => {
    const dataDir = await tempDir();
    const written = {
      baseUrls: { local: 'http://127.0.0.1:5000/v1', staging: 'https://staging.example.org/v1' },
      idempotencyProofs: {
        local: { baseUrl: 'http://127.0.0.1:5000/v1', provenAt: 'yesterday' },
        staging: { baseUrl: 'https://staging.example.org/v1', provenAt: 7 },
        production: null,
      },
    };
    await writeFile(join(dataDir, 'config.json'), JSON.stringify(written));
    const registry = createProfileRegistry({ dataDir, env: {} });
    expect(await registry.resolve('local')).toMatchObject({
      baseUrl: 'http://127.0.0.1:5000/v1',
      source: 'config',
      problem: null,
    });
    expect(await registry.idempotencyProvenAt('local')).toBeNull();
    expect(await registry.idempotencyProvenAt('staging')).toBe(7);

    // Saving again keeps the file in place (nothing set aside) and drops the damaged entry.
    await registry.setBaseUrl('production', 'https://api.example.org');
    expect((await readdir(dataDir)).filter((f) => f.includes('.invalid-'))).toEqual([]);
    const text = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as unknown;
    expect(text).toMatchObject({
      baseUrls: { local: 'http://127.0.0.1:5000/v1', production: 'https://api.example.org/v1' },
      idempotencyProofs: { staging: { baseUrl: 'https://staging.example.org/v1', provenAt: 7 } },
    });
    expect((text as { idempotencyProofs: object }).idempotencyProofs).not.toHaveProperty('local');
  });

  it.each([
    ['a list', []],
    ['a string', 'proven'],
    ['null', null],
  ])('reads the base URLs when the proofs are %s', async (_what, proofs) => {
    const dataDir = await tempDir();
    await writeFile(
      join(dataDir, 'config.json'),
      JSON.stringify({
        baseUrls: { staging: 'https://s.example.org/v1' },
        idempotencyProofs: proofs,
      }),
    );
    const registry = createProfileRegistry({ dataDir, env: {} });
    expect(await registry.resolve('staging')).toMatchObject({
      baseUrl: 'https://s.example.org/v1',
      problem: null,
    });
    expect(await registry.idempotencyProvenAt('staging')).toBeNull();
  });

  it('keeps both a base URL and a proof saved at the same moment', async () => {
    const dataDir = await tempDir();
    const registry = createProfileRegistry({ dataDir, env: {} });
    await Promise.all([
      registry.setBaseUrl('production', 'https://api.example.org'),
      registry.recordIdempotencyProof('local', 1_000),
    ]);
    const fresh = createProfileRegistry({ dataDir, env: {} });
    expect(await fresh.resolve('production')).toMatchObject({
      baseUrl: 'https://api.example.org/v1',
    });
    expect(await fresh.idempotencyProvenAt('local')).toBe(1_000);
  });
});

describe('data folder', () => {
  it('prefers KENNEL_DATA_DIR, else a browser folder of its own inside the OS app-data folder', () => {
    expect(resolveDataDir({ KENNEL_DATA_DIR: '/data/k' }, 'linux', '/home/a')).toBe('/data/k');
    expect(resolveDataDir({}, 'linux', '/home/a')).toBe(
      join('/home/a', '.config', 'Kennel', 'browser'),
    );
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe(
      join('/x', 'Kennel', 'browser'),
    );
    expect(resolveDataDir({}, 'darwin', '/Users/a')).toBe(
      join('/Users/a', 'Library', 'Application Support', 'Kennel', 'browser'),
    );
    expect(
      resolveDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a'),
    ).toBe(join('C:\\Users\\a\\AppData\\Roaming', 'Kennel', 'browser'));
  });

  it('keeps browser mode out of the desktop app folder', () => {
    // Where Electron keeps the desktop app's data (`app.getPath('userData')`).
    const desktopFolders = {
      linux: join('/home/a', '.config', 'Kennel'),
      darwin: join('/home/a', 'Library', 'Application Support', 'Kennel'),
      win32: join('/home/a', 'AppData', 'Roaming', 'Kennel'),
    } as const;
    for (const [platform, desktop] of Object.entries(desktopFolders)) {
      const browser = resolveDataDir({}, platform as NodeJS.Platform, '/home/a');
      expect(browser).not.toBe(desktop);
      expect(browser.startsWith(desktop)).toBe(true);
    }
  });
});
