/**
 * `npm start`: the reference service and the Kennel window on the local
 * profile. Where Electron cannot run (no binary, no display, fails to start)
 * it says so in one line and serves browser mode instead.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { obtainElectronBinary } from './electron-binary';
import { electronEnv, electronFailedLine, planLaunch } from './electron-launch';
import {
  LaunchOptionsError,
  USAGE,
  parseLaunchOptions,
  type LaunchOptions,
} from './launch-options';
import { startLocalService, type LocalService } from './local-service';
import { closeOnSignals, exitWithMessage, serveBrowser } from './serve-browser';

const ELECTRON_PACKAGE = fileURLToPath(new URL('../node_modules/electron/', import.meta.url));
const MAIN_BUNDLE = fileURLToPath(new URL('../out/main/index.js', import.meta.url));
/** Electron's own output while it starts is held back, so a failed start prints one line only. */
const STARTUP_QUIET_MS = 5_000;

async function main(): Promise<void> {
  const options = parseLaunchOptions(process.argv.slice(2));
  if (options.help) {
    console.log(`Usage: npm start -- [options]\n${USAGE}`);
    return;
  }
  const plan = planLaunch({
    binary: await obtainElectronBinary(ELECTRON_PACKAGE),
    platform: process.platform,
    env: process.env,
  });
  if (plan.kind === 'browser') {
    console.log(plan.reason);
    closeOnSignals(await serveBrowser({ ...options, env: process.env }));
    return;
  }

  const service = options.service ? await startLocalService(options.servicePort) : null;
  const localUrl = service?.url ?? process.env['KENNEL_LOCAL_URL'] ?? '';
  if (service !== null) console.log(`Reference service (local profile): ${service.url}`);
  runElectron(plan.binary, localUrl, options, service);
}

function runElectron(
  binary: string,
  localUrl: string,
  options: LaunchOptions,
  service: LocalService | null,
): void {
  const env = electronEnv(process.env, localUrl);
  const child = spawn(binary, [MAIN_BUNDLE], { env, stdio: ['ignore', 'inherit', 'pipe'] });

  const held: Buffer[] = [];
  let quiet = true;
  const unmute = setTimeout(() => {
    quiet = false;
    for (const chunk of held.splice(0)) process.stderr.write(chunk);
  }, STARTUP_QUIET_MS);
  child.stderr?.on('data', (chunk: Buffer) => {
    if (quiet) held.push(chunk);
    else process.stderr.write(chunk);
  });

  // Ctrl-C reaches Electron through the process group; the service closes when it exits.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));

  let settled = false;
  const fallBack = (line: string): void => {
    if (settled) return;
    settled = true;
    clearTimeout(unmute);
    console.log(line);
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    serveBrowser({ ...options, env: process.env, ...(service ? { runningService: service } : {}) })
      .then(closeOnSignals)
      .catch(exitWithMessage);
  };
  child.once('error', () => fallBack(electronFailedLine(null, null)));
  child.once('exit', (code, signal) => {
    const clean = code === 0 || signal === 'SIGINT' || signal === 'SIGTERM';
    // A failure while starting (no display, refused sandbox) means browser mode; a later one is a crash.
    if (!clean && quiet) {
      fallBack(electronFailedLine(code, signal));
      return;
    }
    if (settled) return;
    settled = true;
    clearTimeout(unmute);
    void (service?.close() ?? Promise.resolve()).then(() => process.exit(clean ? 0 : 1));
  });
}

main().catch((error: unknown) => {
  if (error instanceof LaunchOptionsError) console.error(USAGE);
  exitWithMessage(error);
});
