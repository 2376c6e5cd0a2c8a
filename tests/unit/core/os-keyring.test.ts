import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SCENARIO_KEYS } from './helpers/keyring-scenario-keys';

const SCENARIO = fileURLToPath(new URL('./helpers/keyring-scenario.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/** Programs the Secret Service run needs, and the Debian package of each. */
const PROGRAMS = {
  'dbus-run-session': 'dbus',
  'gnome-keyring-daemon': 'gnome-keyring',
  'secret-tool': 'libsecret-tools',
} as const;

const folders: string[] = [];
afterEach(async () => {
  while (folders.length > 0) await rm(folders.pop()!, { recursive: true, force: true });
});

function onPath(program: string): boolean {
  return (process.env['PATH'] ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && existsSync(join(dir, program)));
}

/** Fails with what to install when the Secret Service cannot be started here. */
function requireSecretServicePrograms(): void {
  const missing = Object.entries(PROGRAMS).filter(([program]) => !onPath(program));
  if (missing.length === 0) return;
  const packages = [...new Set(Object.values(PROGRAMS))].join(' ');
  throw new Error(
    `The key-store test runs against a real Secret Service and needs ${missing
      .map(([program]) => program)
      .join(', ')}. Install the Debian packages: apt-get install ${packages}`,
  );
}

/** Runs the scenario in a child process with a private home, and returns its report. */
async function runScenario(
  mode: 'secret-service' | 'native' | 'no-keyring',
): Promise<Record<string, unknown>> {
  const home = await mkdtemp(join(tmpdir(), 'kennel-keyring-'));
  folders.push(home);
  const dataDir = join(home, 'data');
  const runtime = join(home, 'run');
  await mkdir(dataDir);
  await mkdir(runtime, { mode: 0o700 });
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    XDG_DATA_HOME: join(home, 'share'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_RUNTIME_DIR: runtime,
    KENNEL_DATA_DIR: dataDir,
  };
  if (mode === 'no-keyring') env['DBUS_SESSION_BUS_ADDRESS'] = `unix:path=${join(home, 'no-bus')}`;
  const node = [process.execPath, '--import', 'tsx', SCENARIO, mode];
  const [command, ...args] = mode === 'secret-service' ? ['dbus-run-session', '--', ...node] : node;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(command!, args, { cwd: REPO, env, timeout: 90_000 }, (error, out, err) => {
      if (error) reject(new Error(`${mode} scenario failed: ${error.message}\n${err}`));
      else resolve(out);
    });
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Record<string, unknown>;
}

const onLinux = process.platform === 'linux';

describe('browser-mode keys in the system keyring', () => {
  it(
    onLinux
      ? 'are kept encrypted by a real Secret Service, and a plain key file moves into it'
      : "are kept encrypted by the system's own keychain, and a plain key file moves into it",
    async () => {
      if (onLinux) requireSecretServicePrograms();
      const report = await runScenario(onLinux ? 'secret-service' : 'native');
      expect(report['info']).toMatchObject({
        ok: true,
        value: { storage: 'encrypted', plainStorageNeedsConsent: false },
      });
      expect(report['saved']).toMatchObject({
        ok: true,
        value: { hasKey: true, keyStorage: 'encrypted' },
      });
      expect(report['filesAfterSave']).toEqual([]);
      expect(report['nextLaunch']).toMatchObject({
        ok: true,
        value: expect.arrayContaining([
          expect.objectContaining({ name: 'local', hasKey: true, keyStorage: 'encrypted' }),
        ]),
      });
      expect(report['migrated']).toEqual({
        key: SCENARIO_KEYS.staging,
        origin: 'https://staging.example.org',
      });
      expect(report['migratedStorage']).toBe('encrypted');
      expect(report['filesAfterMigration']).toEqual([]);
      expect(report['cleared']).toMatchObject({ ok: true, value: { hasKey: false } });
      if (onLinux) {
        // Asked through libsecret's own tool: the secret really is in the Secret Service…
        expect(report['secretToolLocal']).toContain(SCENARIO_KEYS.local);
        expect(report['secretToolStaging']).toContain(SCENARIO_KEYS.staging);
        // …whose files on disk do not hold it in clear, and it is gone once cleared.
        expect(report['keyringFiles']).not.toEqual([]);
        expect(report['keyringFilesHoldKeyInClear']).toBe(false);
        expect(report['secretToolAfterClear']).toBe('');
      }
    },
    120_000,
  );

  it('without a keyring, keep the key for the session unless the user accepts a plain file', async () => {
    const report = await runScenario('no-keyring');
    expect(report['info']).toMatchObject({
      ok: true,
      value: { storage: 'session', plainStorageNeedsConsent: true },
    });
    expect(report['saved']).toMatchObject({ ok: true, value: { keyStorage: 'session' } });
    expect(report['filesAfterSave']).toEqual([]);
    expect(report['savedWithConsent']).toMatchObject({
      ok: true,
      value: { keyStorage: 'plain-accepted' },
    });
    expect(report['filesAfterConsent']).toEqual(['local.key']);
    expect(report['nextLaunch']).toMatchObject({
      ok: true,
      value: expect.arrayContaining([
        expect.objectContaining({ name: 'local', hasKey: true, keyStorage: 'plain-accepted' }),
      ]),
    });
    // With nowhere safer to go, a plain key file stays where it is and is used.
    expect(report['migratedStorage']).toBe('plain-accepted');
    expect(report['filesAfterMigration']).toEqual(['local.key', 'staging.key']);
  }, 120_000);
});
