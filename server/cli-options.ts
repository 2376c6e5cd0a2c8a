/**
 * Command-line flags of `npm run service` turned into {@link ServiceOptions}.
 * Every bad flag becomes a {@link CliUsageError} with a one-line message.
 */
import { parseArgs } from 'node:util';
import { CliUsageError } from './cli-usage-error';
import type { Faults, ServiceOptions } from './types';

/** Default port of the command line (tests use port 0 through the programmatic API). */
const DEFAULT_CLI_PORT = 4010;

/** Help text of the command line. */
export const USAGE = `Usage: npm run service -- [options]

Without extensions the service shows only what the specification shows.

  --port N                 port to listen on (default ${DEFAULT_CLI_PORT}; 0 = random)
  --host HOST              host to bind (default 127.0.0.1; loopback only unless --allow-remote)
  --allow-remote           allow a non-loopback --host; requests must then name that
                           host (any IP address when it is 0.0.0.0 or ::)
  --seed N                 demo animals in a new store (default 36), e.g. --seed 350
  --data FILE              keep animals in FILE across restarts
  --minute-ms N            length of the "minute" rate-limit window (default 60000)
  --day-ms N               length of the "day" rate-limit window (default 86400000)
  --ban-strikes N          requests inside a Retry-After window before a ban (default 3)
  --ban-ms N               ban length (default 600000)
  --retry-after FORMAT     seconds | http-date | none (default seconds)
  --rate-limit-body KIND   json | empty | text (default json)
  --log                    one line per request on stdout (keys are never printed)
  --help                   show this help

Extensions (all off by default)
  --idempotency            honour Idempotency-Key on POST /pets (replay, 409, 422)
  --daily-headers          send X-RateLimit-Daily-Limit/Remaining/Reset
  --big-ids                ids and seeded category ids above 2^53
  --link-pagination        page GET /pets with Link: <...>; rel="next" and its cursor

Faults (all off by default)
  --latency MS             delay before every answer
  --error-rate X           share 0..1 of requests answered 5xx without effect
  --error-statuses LIST    comma-separated statuses for --error-rate (default 500,502,503)
  --rate429 X              share 0..1 of requests answered 429 regardless of budget
  --drop-before X          share 0..1 of connections dropped before the request takes effect
  --drop-after-create X    share 0..1 of creations whose answer is dropped
  --error-after-create X   share 0..1 of creations answered 5xx instead (the animal exists)
  --error-after-create-statuses LIST
                           comma-separated 5xx statuses for --error-after-create (default 502,504)
  --slow-after-create X    share 0..1 of creations whose answer is held back (the animal exists)
  --slow-after-create-ms N how long --slow-after-create holds an answer (default 30000)
  --stall-after-create X   share 0..1 of creations whose answer's body never ends (the animal exists)
  --portal X               share 0..1 of requests a Wi-Fi sign-in page answers (200, HTML) instead
  --fault-seed N           seed of the dice the faults roll, to replay a run (default 1)`;

/** What the command line asked for. */
export type CliCommand = { kind: 'help' } | { kind: 'serve'; options: ServiceOptions };

function number(
  flag: string,
  text: string | undefined,
  rule: { integer?: boolean; min: number; max?: number },
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  const max = rule.max ?? Number.MAX_SAFE_INTEGER;
  const ok =
    text.trim() !== '' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    value >= rule.min &&
    value <= max;
  if (!ok) {
    const kind = rule.integer ? 'a whole number' : 'a number';
    const range = rule.max === undefined ? `at least ${rule.min}` : `from ${rule.min} to ${max}`;
    throw new CliUsageError(`--${flag} must be ${kind} ${range}, not "${text}"`);
  }
  return value;
}

function choice<T extends string>(
  flag: string,
  text: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    throw new CliUsageError(`--${flag} must be one of ${allowed.join(', ')}, not "${text}"`);
  }
  return text as T;
}

/** A comma-separated list of statuses from `min` to 599. */
function statuses(flag: string, text: string | undefined, min: number): number[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((part) => number(flag, part.trim(), { integer: true, min, max: 599 }) ?? min);
}

/** Parses the command line (without `node` and the script). */
export function parseCli(argv: string[]): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-remote': { type: 'boolean' },
        seed: { type: 'string' },
        'big-ids': { type: 'boolean' },
        data: { type: 'string' },
        'minute-ms': { type: 'string' },
        'day-ms': { type: 'string' },
        'ban-strikes': { type: 'string' },
        'ban-ms': { type: 'string' },
        'retry-after': { type: 'string' },
        'rate-limit-body': { type: 'string' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        'error-statuses': { type: 'string' },
        rate429: { type: 'string' },
        'drop-before': { type: 'string' },
        'drop-after-create': { type: 'string' },
        'error-after-create': { type: 'string' },
        'error-after-create-statuses': { type: 'string' },
        'slow-after-create': { type: 'string' },
        'slow-after-create-ms': { type: 'string' },
        'stall-after-create': { type: 'string' },
        portal: { type: 'string' },
        'fault-seed': { type: 'string' },
        idempotency: { type: 'boolean' },
        'daily-headers': { type: 'boolean' },
        'link-pagination': { type: 'boolean' },
        log: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliUsageError((error as Error).message.split('\n')[0] ?? 'bad arguments', {
      cause: error,
    });
  }
  if (values.help) return { kind: 'help' };

  const options: ServiceOptions = {
    port: number('port', values.port, { integer: true, min: 0, max: 65_535 }) ?? DEFAULT_CLI_PORT,
  };
  if (values.host !== undefined) options.host = values.host;
  if (values['allow-remote']) options.allowRemote = true;
  const seed = number('seed', values.seed, { integer: true, min: 0, max: 1_000_000 });
  if (seed !== undefined) options.seed = seed;
  if (values['big-ids']) options.bigIds = true;
  if (values.idempotency) options.idempotency = true;
  if (values['daily-headers']) options.dailyHeaders = true;
  if (values['link-pagination']) options.pagination = true;
  if (values.data !== undefined) options.dataFile = values.data;
  const minuteMs = number('minute-ms', values['minute-ms'], { integer: true, min: 1 });
  const dayMs = number('day-ms', values['day-ms'], { integer: true, min: 1 });
  if (minuteMs !== undefined || dayMs !== undefined) {
    options.windows = {
      ...(minuteMs === undefined ? {} : { minuteMs }),
      ...(dayMs === undefined ? {} : { dayMs }),
    };
  }
  const strikes = number('ban-strikes', values['ban-strikes'], { integer: true, min: 1 });
  const durationMs = number('ban-ms', values['ban-ms'], { integer: true, min: 1 });
  if (strikes !== undefined || durationMs !== undefined) {
    options.ban = {
      ...(strikes === undefined ? {} : { strikes }),
      ...(durationMs === undefined ? {} : { durationMs }),
    };
  }
  const retryAfter = choice('retry-after', values['retry-after'], [
    'seconds',
    'http-date',
    'none',
  ] as const);
  if (retryAfter !== undefined) options.retryAfter = retryAfter;
  const body = choice('rate-limit-body', values['rate-limit-body'], [
    'json',
    'empty',
    'text',
  ] as const);
  if (body !== undefined) options.rateLimitBody = body;
  if (values.log) options.log = true;

  const faults: Faults = {};
  const latencyMs = number('latency', values.latency, { min: 0 });
  if (latencyMs !== undefined) faults.latencyMs = latencyMs;
  const shares = [
    ['error-rate', 'errorRate'],
    ['rate429', 'rate429'],
    ['drop-before', 'dropBeforeRate'],
    ['drop-after-create', 'dropAfterCreateRate'],
    ['error-after-create', 'errorAfterCreateRate'],
    ['slow-after-create', 'slowAfterCreateRate'],
    ['stall-after-create', 'stallAfterCreateRate'],
    ['portal', 'portalRate'],
  ] as const;
  for (const [flag, field] of shares) {
    const share = number(flag, values[flag], { min: 0, max: 1 });
    if (share !== undefined) faults[field] = share;
  }
  const errorStatuses = statuses('error-statuses', values['error-statuses'], 400);
  if (errorStatuses !== undefined) faults.errorStatuses = errorStatuses;
  const afterCreateStatuses = statuses(
    'error-after-create-statuses',
    values['error-after-create-statuses'],
    500,
  );
  if (afterCreateStatuses !== undefined) faults.errorAfterCreateStatuses = afterCreateStatuses;
  const slowMs = number('slow-after-create-ms', values['slow-after-create-ms'], { min: 0 });
  if (slowMs !== undefined) faults.slowAfterCreateMs = slowMs;
  if (Object.keys(faults).length > 0) options.faults = faults;
  const faultSeed = number('fault-seed', values['fault-seed'], {
    integer: true,
    min: 0,
    max: 2 ** 32 - 1,
  });
  if (faultSeed !== undefined) options.faultSeed = faultSeed;
  return { kind: 'serve', options };
}
