import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';

const run = promisify(execFile);
/** How long Playwright may take to notice the browser is gone. */
const CLOSE_TIMEOUT_MS = 10_000;
/** Console lines kept for a failure's report. */
const CONSOLE_KEPT = 200;

/**
 * Chromium on a user data folder of its own, so IndexedDB outlives the
 * browser, which can be killed abruptly (SIGKILL: no unload, no flush) and
 * launched again on the same folder.
 */
export class CrashableBrowser {
  private context: BrowserContext | null = null;
  /**
   * The page's console and errors across every life of the browser, newest
   * last, each with its time: a crashed run's report shows what the app said.
   */
  readonly consoleLines: string[] = [];

  constructor(readonly userDataDir: string) {}

  /** Launches Chromium (headless, the suite's options) and returns its one page. */
  async launch(): Promise<Page> {
    if (this.context !== null) throw new Error('The browser is already running.');
    const context = await chromium.launchPersistentContext(this.userDataDir, {
      ...chromiumLaunchOptions,
      headless: true,
      viewport: { width: 1280, height: 800 },
    });
    this.context = context;
    const page = context.pages()[0] ?? (await context.newPage());
    const keep = (line: string): void => {
      this.consoleLines.push(`${new Date().toISOString()} ${line}`);
      if (this.consoleLines.length > CONSOLE_KEPT) this.consoleLines.shift();
    };
    keep('--- browser launched ---');
    page.on('console', (message) => keep(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => keep(`page error: ${String(error)}`));
    return page;
  }

  get isRunning(): boolean {
    return this.context !== null;
  }

  /**
   * Kills the browser with SIGKILL. Playwright has no handle on a persistent
   * context's process, so the main process is found by its user data folder
   * (unique to this browser); helpers left behind are killed too.
   */
  async kill(): Promise<void> {
    const context = this.context;
    if (context === null) return;
    this.context = null;
    const closed = new Promise<void>((resolve) => context.once('close', () => resolve()));
    const processes = await this.processes();
    const main = processes.filter((p) => !p.helper);
    if (main.length === 0) throw new Error(`No Chromium runs on ${this.userDataDir}.`);
    for (const p of main) killQuietly(p.pid);
    await Promise.race([closed, sleep(CLOSE_TIMEOUT_MS)]);
    for (const p of await this.processes()) killQuietly(p.pid);
    // Lets Playwright settle its side of the closed connection.
    await context.close().catch(() => undefined);
  }

  /** Closes the browser normally (end of test). */
  async close(): Promise<void> {
    const context = this.context;
    this.context = null;
    await context?.close();
  }

  private async processes(): Promise<{ pid: number; helper: boolean }[]> {
    const { stdout } = await run('ps', ['-ww', '-eo', 'pid=,args=']);
    const flag = `--user-data-dir=${this.userDataDir}`;
    const found: { pid: number; helper: boolean }[] = [];
    for (const line of stdout.split('\n')) {
      const match = /^\s*(\d+)\s+(.*)$/.exec(line);
      if (match === null) continue;
      const args = (match[2] ?? '').split(' ');
      if (!args.includes(flag)) continue;
      found.push({ pid: Number(match[1]), helper: args.some((a) => a.startsWith('--type=')) });
    }
    return found;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
