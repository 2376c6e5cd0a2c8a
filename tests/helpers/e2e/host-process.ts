import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { seededRandom, seedFor, testSeed } from '../seed';
import { HOST_OPTIONS_ENV, READY_PREFIX, type HostEntryOptions } from './host-protocol';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./host-entry.ts', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** Options of {@link HostProcess.start}. */
export type HostProcessOptions = HostEntryOptions;

/**
 * A free loopback port, chosen once and reused for every start of the host:
 * the page's origin, and so its IndexedDB, must not change across restarts.
 */
export { freePort } from '../free-port';

/**
 * A bridge token of the length the host asks for: 32 bytes from the test's
 * seed (a loopback host of one test guards nothing secret). Call it inside a test.
 */
export function newToken(): string {
  const draw = seededRandom(seedFor('bridge token', testSeed(test.info().titlePath)));
  const bytes = Array.from({ length: 32 }, () => Math.floor(draw() * 256));
  return Buffer.from(bytes).toString('base64url');
}

/**
 * The browser-mode web host in a Node process of its own (Node with the tsx
 * loader, one process, so a SIGKILL leaves no child behind still holding the
 * port), which can be killed abruptly and started again with the same port,
 * token and data folder.
 */
export class HostProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
    readonly origin: string,
    readonly token: string,
  ) {}

  /** Starts the host and resolves once it listens. */
  static async start(options: HostProcessOptions): Promise<HostProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: ROOT,
      env: { ...process.env, [HOST_OPTIONS_ENV]: JSON.stringify(options) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    const origin = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`The web host did not start within ${READY_TIMEOUT_MS} ms.\n${stderr}`));
      }, READY_TIMEOUT_MS);
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const line = stdout.split('\n').find((l) => l.startsWith(READY_PREFIX));
        if (line !== undefined) {
          clearTimeout(timer);
          resolve(line.slice(READY_PREFIX.length).trim());
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The web host exited (${signal ?? code}) before listening.\n${stderr}`));
      });
    });
    return new HostProcess(child, exited, origin, options.token);
  }

  /** The URL to open: the token rides in the fragment, as the host prints it. */
  get url(): string {
    return `${this.origin}/#token=${this.token}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get isRunning(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no close, no flush, open connections cut as a crash would cut them. */
  async kill(): Promise<void> {
    if (this.isRunning) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Asks the host to close, and kills it if it does not within a few seconds. */
  async stop(): Promise<void> {
    if (!this.isRunning) return;
    this.child.stdin?.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
