import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProfileRegistry } from '../../../../electron/core/profiles/profiles';
import { electronEnv, localServiceEnv } from '../../../../scripts/electron-launch';

const URL = 'http://127.0.0.1:4011/v1';
const dirs: string[] = [];

async function sourceOfLocal(env: Record<string, string | undefined>): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-url-source-'));
  dirs.push(dataDir);
  return (await createProfileRegistry({ dataDir, env }).resolve('local')).source;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('where Settings says the Local URL comes from', () => {
  it('credits the launcher when it started the reference service', async () => {
    expect(await sourceOfLocal(localServiceEnv({}, URL, true))).toBe('launcher');
    expect(await sourceOfLocal(electronEnv({}, URL, true))).toBe('launcher');
  });

  it('names the environment variable when the user set it', async () => {
    expect(await sourceOfLocal({ KENNEL_LOCAL_URL: URL })).toBe('env');
    // `npm start -- --no-service` passes the user's own URL through.
    expect(await sourceOfLocal(electronEnv({ KENNEL_LOCAL_URL: URL }, URL))).toBe('env');
  });

  it('does not take the launcher’s mark from an inherited environment', async () => {
    const inherited = { KENNEL_LOCAL_URL: URL, KENNEL_LOCAL_URL_SET_BY: 'kennel' };
    expect(await sourceOfLocal(localServiceEnv(inherited, URL, false))).toBe('env');
  });

  it('falls back to the default when nothing set it', async () => {
    expect(await sourceOfLocal(localServiceEnv({}, '', true))).toBe('default');
  });
});
