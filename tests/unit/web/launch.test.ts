import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { obtainElectronBinary } from '../../../scripts/electron-binary';
import { electronEnv, electronFailedLine, planLaunch } from '../../../scripts/electron-launch';
import { LaunchOptionsError, parseLaunchOptions } from '../../../scripts/launch-options';
import { isAddressInUse } from '../../../electron/web/index';
import { startLocalService } from '../../../scripts/local-service';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kennel-electron-pkg-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes an installer that "downloads" the binary the way the real one lays it out. */
async function writeInstaller(body: string): Promise<void> {
  await writeFile(join(dir, 'install.js'), body);
}

describe('electron binary detection', () => {
  // With no installer in the package, what is found is what was installed already.
  it('finds nothing in a package whose binary was never downloaded', async () => {
    await expect(obtainElectronBinary(dir)).resolves.toBeNull();
  });

  it('finds the binary path.txt names inside dist/', async () => {
    await mkdir(join(dir, 'dist'));
    await writeFile(join(dir, 'dist', 'electron'), '');
    await chmod(join(dir, 'dist', 'electron'), 0o755);
    await writeFile(join(dir, 'path.txt'), 'electron');
    await expect(obtainElectronBinary(dir)).resolves.toBe(join(dir, 'dist', 'electron'));
  });

  it('does not trust a path.txt whose binary is missing or that points outside dist/', async () => {
    await writeFile(join(dir, 'path.txt'), 'electron');
    await expect(obtainElectronBinary(dir)).resolves.toBeNull();
    await writeFile(join(dir, 'outside'), '');
    await writeFile(join(dir, 'path.txt'), '../outside');
    await expect(obtainElectronBinary(dir)).resolves.toBeNull();
  });

  it('runs the package installer once and picks up what it installed', async () => {
    await writeInstaller(`
      const fs = require('node:fs');
      fs.mkdirSync('dist');
      fs.writeFileSync('dist/electron', '');
      fs.writeFileSync('path.txt', 'electron');
    `);
    await writeFile(join(dir, 'package.json'), '{"type":"commonjs"}');
    await expect(obtainElectronBinary(dir)).resolves.toBe(join(dir, 'dist', 'electron'));
  });

  it('gives up quietly when the installer fails', async () => {
    await writeFile(join(dir, 'package.json'), '{"type":"commonjs"}');
    await writeInstaller(
      `console.error(new Error('getaddrinfo ENOTFOUND github.com').stack); process.exit(1);`,
    );
    await expect(obtainElectronBinary(dir)).resolves.toBeNull();
  });

  it('kills an installer that hangs (a closed network) at the deadline', async () => {
    await writeFile(join(dir, 'package.json'), '{"type":"commonjs"}');
    await writeInstaller('setInterval(() => {}, 1000);');
    await expect(obtainElectronBinary(dir, { timeoutMs: 300 })).resolves.toBeNull();
  });
});

describe('launch plan', () => {
  it('falls back to browser mode, in one line, without a binary', () => {
    const plan = planLaunch({ binary: null, platform: 'linux', env: { DISPLAY: ':0' } });
    // One line: `.` matches no line break.
    expect(plan).toEqual({
      kind: 'browser',
      reason: expect.stringMatching(
        /^Electron is not available on this machine .*; serving Kennel in browser mode instead\.$/,
      ),
    });
  });

  it('falls back on Linux without X11 or Wayland', () => {
    expect(planLaunch({ binary: '/x/electron', platform: 'linux', env: {} })).toEqual({
      kind: 'browser',
      reason:
        'No display is available for the Kennel window; serving Kennel in browser mode instead.',
    });
    expect(
      planLaunch({
        binary: '/x/electron',
        platform: 'linux',
        env: { WAYLAND_DISPLAY: 'wayland-0' },
      }),
    ).toEqual({ kind: 'electron', binary: '/x/electron' });
  });

  it('launches Electron where there is a binary and a display', () => {
    expect(planLaunch({ binary: '/x/electron', platform: 'darwin', env: {} })).toEqual({
      kind: 'electron',
      binary: '/x/electron',
    });
  });

  it('points Electron at the local service and never runs it as plain Node', () => {
    const env = electronEnv(
      { PATH: '/bin', ELECTRON_RUN_AS_NODE: '1' },
      'http://127.0.0.1:4011/v1',
    );
    expect(env).toEqual({ PATH: '/bin', KENNEL_LOCAL_URL: 'http://127.0.0.1:4011/v1' });
  });

  it('never forwards an inherited dev-server address, so the window loads only its own files', () => {
    const env = electronEnv({ PATH: '/bin', ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' }, '');
    expect(env).toEqual({ PATH: '/bin' });
  });

  it('says how Electron ended when it could not start', () => {
    expect(electronFailedLine(1, null)).toContain('exit code 1');
    expect(electronFailedLine(null, 'SIGSEGV')).toContain('signal SIGSEGV');
  });
});

describe('launch options', () => {
  it('default to the fixed page port and the usual service port', () => {
    expect(parseLaunchOptions([])).toEqual({
      port: 4580,
      servicePort: 4010,
      service: true,
      help: false,
    });
  });

  it('read --port, --service-port (both spellings) and --no-service', () => {
    expect(parseLaunchOptions(['--port', '8123', '--service-port=4020', '--no-service'])).toEqual({
      port: 8123,
      servicePort: 4020,
      service: false,
      help: false,
    });
  });

  it('refuse unknown flags and bad ports with a clear error', () => {
    expect(() => parseLaunchOptions(['--prot', '1'])).toThrow(LaunchOptionsError);
    expect(() => parseLaunchOptions(['--port', '70000'])).toThrow(/0 to 65535/);
    expect(() => parseLaunchOptions(['--port', '-1'])).toThrow(LaunchOptionsError);
    expect(() => parseLaunchOptions(['--port'])).toThrow(/needs a port/);
  });
});

describe('local service', () => {
  let blocker: Server | null = null;

  afterEach(async () => {
    await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()));
    blocker = null;
  });

  it('moves to a free port when the preferred one is taken', async () => {
    blocker = createServer();
    const taken = await new Promise<number>((done) => {
      blocker?.listen(0, '127.0.0.1', () => {
        const address = blocker?.address();
        done(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
    const service = await startLocalService(taken);
    try {
      expect(service.port).not.toBe(taken);
      const answer = await fetch(`${service.url}/pets?limit=1`, {
        headers: { authorization: 'Bearer kennel-demo-free' },
      });
      expect(answer.status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('recognises "address in use" through error causes', () => {
    const cause = Object.assign(new Error('listen'), { code: 'EADDRINUSE' });
    expect(isAddressInUse(new Error('Cannot listen', { cause }))).toBe(true);
    expect(isAddressInUse(new Error('other'))).toBe(false);
  });
});
