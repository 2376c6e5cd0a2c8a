/**
 * Browser mode's key storage against the machine's real keyring, run in a
 * child process by os-keyring.test.ts (a fresh session bus cannot be set up
 * inside the test runner). Prints one JSON report on stdout.
 *
 *   node --import tsx keyring-scenario.ts secret-service   # inside dbus-run-session
 *   node --import tsx keyring-scenario.ts native           # macOS Keychain, Windows Credential Manager
 *   node --import tsx keyring-scenario.ts no-keyring       # a session bus that is not there (Linux)
 *
 * Needs KENNEL_DATA_DIR (an empty folder) in the environment.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createBrowserKeyStore, openOsKeyring } from '../../../../electron/core/index';
import { createBrowserCore } from '../../../../electron/web/browser-core';
import { SCENARIO_KEYS } from './keyring-scenario-keys';

/** The name browser mode's keys are filed under, as the system's password store shows it. */
const KEYRING_SERVICE = 'Kennel browser mode';

const mode = process.argv[2] ?? 'native';
const dataDir = process.env['KENNEL_DATA_DIR'] ?? '';
const env = { KENNEL_LOCAL_URL: 'http://127.0.0.1:9/v1' };
// Outside Linux a dead session bus does not hide the system's keychain; no keyring is then passed in.
const noKeyring = mode === 'no-keyring' && process.platform !== 'linux';
const keyring = noKeyring ? null : openOsKeyring(KEYRING_SERVICE);
// Else the core opens the system's keyring itself, under its own name, as browser mode does.
const open = () =>
  createBrowserCore({ dataDir, appVersion: 'test', env, ...(noKeyring ? { keyring: null } : {}) });
const report: Record<string, unknown> = { mode };

async function keyFiles(): Promise<string[]> {
  return readdir(join(dataDir, 'keys')).catch(() => []);
}

/** What the Secret Service holds for `account`, asked through libsecret's own tool. */
function lookup(account: string): string {
  try {
    return execFileSync(
      'secret-tool',
      ['lookup', 'service', KEYRING_SERVICE, 'username', account],
      {
        encoding: 'utf8',
      },
    );
  } catch {
    return '';
  }
}

if (mode === 'secret-service') {
  // A new login keyring in this session's own home, unlocked with a password on stdin.
  execFileSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'kennel-test-password',
    stdio: ['pipe', 'ignore', 'ignore'],
  });
}

const first = open();
report['info'] = await first.dispatch('keyStorageInfo', ['local']);
report['saved'] = await first.dispatch('setKey', ['local', SCENARIO_KEYS.local, {}]);
report['filesAfterSave'] = await keyFiles();
await first.close();

if (mode === 'no-keyring') {
  const consenting = open();
  report['savedWithConsent'] = await consenting.dispatch('setKey', [
    'local',
    SCENARIO_KEYS.local,
    { acceptPlainStorage: true },
  ]);
  await consenting.close();
  report['filesAfterConsent'] = await keyFiles();
}

const next = open();
report['nextLaunch'] = await next.dispatch('listProfiles', []);

// A key file left by an earlier version, read for the first time with a keyring at hand.
await mkdir(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
await writeFile(
  join(dataDir, 'keys', 'staging.key'),
  JSON.stringify({ version: 1, origin: 'https://staging.example.org', key: SCENARIO_KEYS.staging }),
  { mode: 0o600 },
);
const store = createBrowserKeyStore(dataDir, keyring);
report['migrated'] = await store.get('staging');
report['migratedStorage'] = store.storageOf('staging');
report['filesAfterMigration'] = await keyFiles();

if (mode === 'secret-service') {
  const folder = resolve(dataDir);
  report['secretToolLocal'] = lookup(`local@${folder}`);
  report['secretToolStaging'] = lookup(`staging@${folder}`);
  const keyrings = join(process.env['XDG_DATA_HOME'] ?? '', 'keyrings');
  const files = await readdir(keyrings);
  report['keyringFiles'] = files;
  const contents = await Promise.all(files.map((f) => readFile(join(keyrings, f), 'latin1')));
  report['keyringFilesHoldKeyInClear'] = contents.some(
    (text) => text.includes(SCENARIO_KEYS.local) || text.includes(SCENARIO_KEYS.staging),
  );
}

report['cleared'] = await next.dispatch('clearKey', ['local']);
await store.clear('staging');
if (mode === 'secret-service') {
  report['secretToolAfterClear'] = lookup(`local@${resolve(dataDir)}`);
}
await next.close();
process.stdout.write(`${JSON.stringify(report)}\n`);
