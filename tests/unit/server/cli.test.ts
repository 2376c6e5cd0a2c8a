import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { USAGE, parseCli } from '../../../server/cli-options';
import { isCliUsageError } from '../../../server/cli-usage-error';
import { useServices, FREE_KEY } from './support';

const serve = useServices();
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('parseCli', () => {
  it('maps every flag onto service options', () => {
    const command = parseCli([
      '--port',
      '4011',
      '--host',
      'localhost',
      '--big-ids',
      '--data',
      'pets.json',
      '--seed',
      '5',
      '--latency',
      '20',
      '--error-rate',
      '0.1',
      '--error-statuses',
      '500,503',
      '--rate429',
      '0.2',
      '--drop-before',
      '0.3',
      '--drop-after-create',
      '0.4',
      '--error-after-create',
      '0.5',
      '--error-after-create-statuses',
      '502, 503',
      '--slow-after-create',
      '0.6',
      '--slow-after-create-ms',
      '2500',
      '--stall-after-create',
      '0.7',
      '--portal',
      '0.8',
      '--idempotency',
      '--daily-headers',
      '--link-pagination',
      '--minute-ms',
      '1000',
      '--day-ms',
      '5000',
      '--ban-strikes',
      '2',
      '--ban-ms',
      '3000',
      '--retry-after',
      'http-date',
      '--rate-limit-body',
      'text',
      '--log',
    ]);
    expect(command).toEqual({
      kind: 'serve',
      options: {
        port: 4011,
        host: 'localhost',
        bigIds: true,
        idempotency: true,
        dailyHeaders: true,
        pagination: true,
        dataFile: 'pets.json',
        seed: 5,
        windows: { minuteMs: 1000, dayMs: 5000 },
        ban: { strikes: 2, durationMs: 3000 },
        retryAfter: 'http-date',
        rateLimitBody: 'text',
        log: true,
        faults: {
          latencyMs: 20,
          errorRate: 0.1,
          errorStatuses: [500, 503],
          rate429: 0.2,
          dropBeforeRate: 0.3,
          dropAfterCreateRate: 0.4,
          errorAfterCreateRate: 0.5,
          errorAfterCreateStatuses: [502, 503],
          slowAfterCreateRate: 0.6,
          slowAfterCreateMs: 2500,
          stallAfterCreateRate: 0.7,
          portalRate: 0.8,
        },
      },
    });
  });

  it('documents the extensions and the after-create faults in --help', () => {
    for (const flag of [
      '--idempotency',
      '--daily-headers',
      '--big-ids',
      '--link-pagination',
      '--error-after-create X',
      '--error-after-create-statuses LIST',
      '--slow-after-create X',
      '--slow-after-create-ms N',
      '--stall-after-create X',
      '--portal X',
    ]) {
      expect(USAGE).toMatch(new RegExp(`^  ${flag}\\s`, 'm'));
    }
  });

  it('defaults to port 4010 and nothing else: no extension is on', () => {
    expect(parseCli([])).toEqual({ kind: 'serve', options: { port: 4010 } });
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc"'],
    [['--port', '70000'], '--port must be'],
    [['--error-rate', '1.5'], '--error-rate must be a number from 0 to 1'],
    [['--retry-after', 'minutes'], '--retry-after must be one of seconds, http-date, none'],
    [['--seed=-2'], '--seed must be'],
    [['--seed', '-2'], "Option '--seed' argument is ambiguous"],
    [['--error-statuses', '200'], '--error-statuses must be'],
    [['--error-after-create', '2'], '--error-after-create must be a number from 0 to 1, not "2"'],
    [
      ['--error-after-create-statuses', '502,404'],
      '--error-after-create-statuses must be a whole number from 500 to 599, not "404"',
    ],
    [['--slow-after-create', '-0.5'], "Option '--slow-after-create' argument is ambiguous"],
    [['--slow-after-create=-0.5'], '--slow-after-create must be a number from 0 to 1'],
    [['--slow-after-create-ms', 'soon'], '--slow-after-create-ms must be a number at least 0'],
    [['--idempotency=yes'], "Option '--idempotency' does not take an argument"],
    [['--link-pagination=1'], "Option '--link-pagination' does not take an argument"],
    [['--bogus'], "Unknown option '--bogus'"],
    [['stray'], 'stray'],
  ])('rejects %j with a one-line message', (argv, message) => {
    let caught: unknown;
    try {
      parseCli(argv);
    } catch (error) {
      caught = error;
    }
    expect(isCliUsageError(caught)).toBe(true);
    expect((caught as Error).message).toContain(message);
    expect((caught as Error).message).not.toContain('\n');
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], onStdout?: (text: string, stop: () => void) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, () => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('server/cli.ts', () => {
  it('serves, prints its URL and demo keys, logs without keys, and stops on SIGTERM', async () => {
    let requested = false;
    let stopped = false;
    const run = await runCli(['--port', '0', '--seed', '2', '--log'], (text, stop) => {
      const url = /listening on (\S+)/.exec(text)?.[1];
      if (url && !requested) {
        requested = true;
        void fetch(`${url}/pets`, { headers: { authorization: `Bearer ${FREE_KEY}` } })
          .then((response) => response.text())
          .catch(() => undefined);
      }
      // The log line is written once the answer has gone out: stop when it shows up.
      if (!stopped && /GET \/v1\/pets 200 /.test(text)) {
        stopped = true;
        stop();
      }
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(run.stdout).toMatch(/kennel-demo-free\s+Free\s+60\/min\s+1000\/day/);
    expect(run.stdout).toMatch(/kennel-demo-custom\s+Custom\s+120\/min\s+5000\/day/);
    expect(run.stdout).toMatch(/GET \/v1\/pets 200 \d+ms key=free:[0-9a-f]{8}/);
    expect(run.stdout).toContain('Stopped (SIGTERM).');
    const logLines = run.stdout.split('\n').filter((line) => line.includes('GET /v1/pets'));
    expect(logLines.join('\n')).not.toContain(FREE_KEY);
    expect(run.stderr).toBe('');
  });

  it('serves 350 seeded animals in linked pages with --seed 350 --link-pagination', async () => {
    let answer: Promise<{ count: number; link: string | null }> | null = null;
    const run = await runCli(
      ['--port', '0', '--seed', '350', '--link-pagination'],
      (text, stop) => {
        const url = /listening on (\S+)/.exec(text)?.[1];
        if (!url || answer) return;
        answer = fetch(`${url}/pets?limit=100`, {
          headers: { authorization: `Bearer ${FREE_KEY}` },
        }).then(async (response) => {
          const count = ((await response.json()) as unknown[]).length;
          return { count, link: response.headers.get('link') };
        });
        void answer.finally(stop);
      },
    );
    expect(run.code).toBe(0);
    expect(await answer).toEqual({
      count: 100,
      link: `</v1/pets?limit=100&cursor=${Buffer.from('100').toString('base64url')}>; rel="next"`,
    });
  });

  it('prints one line and exits 2 for a bad flag', async () => {
    const run = await runCli(['--latency', 'slow']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      'service: --latency must be a number at least 0, not "slow" (see --help)',
    ]);
  });

  it('prints one line and exits 1 when the port is in use', async () => {
    const service = await serve({ seed: 0 });
    const run = await runCli(['--port', String(service.port)]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `service: Cannot listen on 127.0.0.1:${service.port}: port ${service.port} is already in use.`,
    ]);
  });
});
