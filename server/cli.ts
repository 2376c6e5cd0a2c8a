/**
 * `npm run service -- [flags]`: runs the reference Pet Adoption Service until
 * SIGINT/SIGTERM, printing its URL and the demo keys. Errors are one line on
 * stderr: exit code 2 for a bad flag, 1 when the service cannot start.
 */
import { isCliUsageError } from './cli-usage-error';
import { USAGE, parseCli } from './cli-options';
import { DEMO_KEYS, startReferenceService } from './index';

async function main(argv: string[]): Promise<void> {
  let command;
  try {
    command = parseCli(argv);
  } catch (error) {
    if (!isCliUsageError(error)) throw error;
    process.stderr.write(`service: ${error.message} (see --help)\n`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let service;
  try {
    service = await startReferenceService(command.options);
  } catch (error) {
    process.stderr.write(`service: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }

  const keys = command.options.keys ?? DEMO_KEYS;
  const lines = [
    `Pet Adoption Service (reference) listening on ${service.url}`,
    'Demo API keys (send as Authorization: Bearer <key>):',
    ...Object.entries(keys).map(
      ([key, plan]) =>
        `  ${key.padEnd(22)} ${plan.name.padEnd(9)} ${String(plan.perMinute).padStart(5)}/min ${String(plan.perDay).padStart(7)}/day`,
    ),
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => {
        process.stdout.write(`Stopped (${signal}).\n`);
        process.exitCode = 0;
      },
      (error: unknown) => {
        process.stderr.write(`service: failed to stop cleanly: ${(error as Error).message}\n`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`service: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
