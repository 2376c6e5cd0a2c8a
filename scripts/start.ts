/**
 * `npm start`: the reference service and the Kennel window on the local
 * profile. Where Electron cannot run (no binary, no display, fails to start)
 * it says so in one line and serves browser mode instead.
 */
import { fileURLToPath } from 'node:url';
import { obtainElectronBinary } from './electron-binary';
import { electronEnv, electronFailedLine, planLaunch } from './electron-launch';
import { runElectron } from './electron-process';
import { LaunchOptionsError, USAGE, parseLaunchOptions } from './launch-options';
import { startLocalService } from './local-service';
import { closeOnSignals, exitWithMessage, serveBrowser } from './serve-browser';

const ELECTRON_PACKAGE = fileURLToPath(new URL('../node_modules/electron/', import.meta.url));
const MAIN_BUNDLE = fileURLToPath(new URL('../out/main/index.js', import.meta.url));

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
  if (service !== null) console.log(`Reference service (local profile): ${service.url}`);
  const electron = runElectron(plan.binary, [MAIN_BUNDLE], {
    env: electronEnv(
      process.env,
      service?.url ?? process.env['KENNEL_LOCAL_URL'] ?? '',
      service !== null,
    ),
  });
  // Ctrl-C reaches Electron through the process group; we wait for it to quit.
  const ignore = (): void => undefined;
  const stop = (): void => electron.stop();
  process.on('SIGINT', ignore);
  process.on('SIGTERM', stop);

  const outcome = await electron.outcome;
  process.off('SIGINT', ignore);
  process.off('SIGTERM', stop);
  if (outcome.kind === 'failed-to-start') {
    console.log(electronFailedLine(outcome.code, outcome.signal));
    const runningService = service === null ? {} : { runningService: service };
    closeOnSignals(await serveBrowser({ ...options, env: process.env, ...runningService }));
    return;
  }
  await service?.close();
  process.exit(outcome.kind === 'closed' ? 0 : 1);
}

main().catch((error: unknown) => {
  if (error instanceof LaunchOptionsError) console.error(USAGE);
  exitWithMessage(error);
});
