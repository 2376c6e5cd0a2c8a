import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError } from '../../../electron/web/port-in-use-error';
import { WebHostError } from '../../../electron/web/web-host-error';
import { failureLine } from '../../../scripts/failure-line';
import { serveBrowser } from '../../../scripts/serve-browser';

/** What a launcher says when a program other than Kennel holds the page port. */
const OTHER_PROGRAM = (port: number): string =>
  `Port ${port} is held by another program, not Kennel. Do not open http://127.0.0.1:${port} in your browser: ` +
  'that program could read the animals and settings Kennel keeps there. ' +
  'Stop it and start Kennel again, or use --port to choose another port.';

let root: string;
let rendererDir: string;
let blocker: Server;
let takenPort: number;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kennel-port-in-use-'));
  rendererDir = join(root, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kennel</title>');
  blocker = createServer();
  takenPort = await new Promise<number>((done) => {
    blocker.listen(0, '127.0.0.1', () => {
      const address = blocker.address();
      done(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
});

afterAll(async () => {
  await new Promise<void>((done) => blocker.close(() => done()));
  await rm(root, { recursive: true, force: true });
});

/** Runs a launcher script as `npm run web` would, and collects how it ended. */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a taken page port', () => {
  it('is reported in one line that says who holds it and what to do', () => {
    expect(failureLine(new PortInUseError(4580, 'this-kennel'))).toBe(
      'Kennel is already open at http://127.0.0.1:4580: use that window (the address it printed when it started).',
    );
    expect(failureLine(new PortInUseError(4580, 'other'))).toBe(OTHER_PROGRAM(4580));
    expect(failureLine(new WebHostError('No built renderer.\nRun the build.'))).toBe(
      'Kennel could not start: No built renderer. Run the build.',
    );
  });

  it('stops browser mode before it prints or keeps anything running', async () => {
    const printed: string[] = [];
    const attempt = serveBrowser({
      port: takenPort,
      servicePort: 0,
      service: false,
      env: { KENNEL_DATA_DIR: join(root, 'data') },
      rendererDir,
      print: (line) => printed.push(line),
    });
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
    await expect(attempt).rejects.toMatchObject({ port: takenPort, heldBy: 'other' });
    expect(printed).toEqual([]);
  });

  it('closes the reference service it was handed when the page cannot start', async () => {
    let closed = 0;
    const attempt = serveBrowser({
      port: takenPort,
      servicePort: 0,
      service: true,
      env: { KENNEL_DATA_DIR: join(root, 'data') },
      rendererDir,
      runningService: {
        url: 'http://127.0.0.1:1/v1',
        port: 1,
        close: () => {
          closed += 1;
          return Promise.resolve();
        },
      },
      print: () => undefined,
    });
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
    expect(closed).toBe(1);
  });

  it('makes `npm run web` exit non-zero with that one line and no stack trace', async () => {
    const dataDir = join(root, 'cli-data');
    const run = await runScript('scripts/web.ts', ['--port', String(takenPort), '--no-service'], {
      KENNEL_DATA_DIR: dataDir,
    });
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${OTHER_PROGRAM(takenPort)}\n`);
    await expect(readdir(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
