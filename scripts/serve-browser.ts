import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolveDataDir } from '../electron/core/index';
import { startWebHost, type WebHost } from '../electron/web/index';
import { DEMO_KEYS } from '../server/index';
import { localServiceEnv } from './electron-launch';
import { failureLine } from './failure-line';
import type { LaunchOptions } from './launch-options';
import { startLocalService, type LocalService } from './local-service';

/** Options of {@link serveBrowser}. */
export interface ServeBrowserOptions extends Pick<
  LaunchOptions,
  'port' | 'servicePort' | 'service'
> {
  env: Record<string, string | undefined>;
  /** A reference service the caller already runs (`npm start` falling back from Electron). */
  runningService?: LocalService;
  /** Where the ready message goes; stdout by default. */
  print?: (line: string) => void;
  /** The built renderer; `out/renderer` of this checkout by default. */
  rendererDir?: string;
}

/** Kennel served in browser mode, with the reference service when it started one. */
export interface BrowserSession {
  host: WebHost;
  service: LocalService | null;
  /** Closes the web host, then the service; safe to call twice. */
  close(): Promise<void>;
}

const ROOT = new URL('../', import.meta.url);
const DEMO_KEY = 'kennel-demo-free';

/**
 * What `npm run web` does, and `npm start` where Electron cannot run: the
 * reference service (unless told not to), the web host on loopback with a data
 * folder of its own, and one message with the URL to open and the key to paste.
 */
export async function serveBrowser(options: ServeBrowserOptions): Promise<BrowserSession> {
  const print = options.print ?? ((line: string) => console.log(line));
  let service: LocalService | null = options.runningService ?? null;
  if (service === null && options.service) service = await startLocalService(options.servicePort);

  // Settings tells a URL Kennel chose from one the user's environment set.
  const env = localServiceEnv(options.env, service?.url ?? '', service !== null);

  let host: WebHost;
  try {
    host = await startWebHost({
      port: options.port,
      rendererDir: options.rendererDir ?? fileURLToPath(new URL('out/renderer', ROOT)),
      dataDir: resolveDataDir(env),
      env,
      appVersion: appVersion(),
    });
  } catch (error) {
    await service?.close();
    throw error;
  }

  const localUrl = env['KENNEL_LOCAL_URL'];
  print('Kennel is running in browser mode.');
  print(`  Open this URL in your browser: ${host.url}`);
  if (service !== null) {
    print(`  Reference service (local profile): ${service.url}`);
    const others = Object.keys(DEMO_KEYS).filter((key) => key !== DEMO_KEY);
    print(
      `  API key to paste for the local profile: ${DEMO_KEY} (other plans: ${others.join(', ')})`,
    );
  } else if (localUrl !== undefined && localUrl !== '') {
    print(`  Local profile service: ${localUrl}`);
  } else {
    print('  Local profile service: its configured URL (no reference service started).');
  }
  print('  Press Ctrl-C to stop.');

  let closing: Promise<void> | null = null;
  return {
    host,
    service,
    close: () => {
      closing ??= (async () => {
        await host.close();
        await service?.close();
      })();
      return closing;
    },
  };
}

/** Closes the session on Ctrl-C (or SIGTERM) and exits cleanly. */
export function closeOnSignals(session: { close(): Promise<void> }): void {
  const stop = (): void => {
    session.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Reports a failure to start in one line, without a stack trace, and exits non-zero. */
export function exitWithMessage(error: unknown): never {
  console.error(failureLine(error));
  process.exit(1);
}

function appVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'dev';
  } catch {
    return 'dev';
  }
}
