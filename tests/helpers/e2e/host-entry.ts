/**
 * The browser-mode web host as a process of its own, so a test can kill it
 * abruptly (SIGKILL) and start it again. Started by `host-process.ts`, which
 * passes the options in {@link HOST_OPTIONS_ENV} and waits for the ready line.
 */
import { startWebHost } from '../../../electron/web/index';
import { HOST_OPTIONS_ENV, READY_PREFIX, type HostEntryOptions } from './host-protocol';

const raw = process.env[HOST_OPTIONS_ENV];
if (raw === undefined) {
  console.error(`${HOST_OPTIONS_ENV} is not set.`);
  process.exit(2);
}
const options = JSON.parse(raw) as HostEntryOptions;

const host = await startWebHost({
  // Tests never touch the keyring of the desktop they run on.
  keyring: null,
  port: options.port,
  token: options.token,
  rendererDir: options.rendererDir,
  dataDir: options.dataDir,
  // Not process.env: a URL or key set in the shell must not leak into the run.
  env: options.env,
});
process.stdout.write(`${READY_PREFIX}${host.origin}\n`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  host.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
// stdin closes when the test process goes, even if it dies without stopping
// us: a host left listening would hold the port for the next run.
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
