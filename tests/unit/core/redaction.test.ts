import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError, BridgeResult } from '../../../electron/contract/index';
import { createFileKeyStore, createKennelCore } from '../../../electron/core/index';
import { MIN_KEY_RUN, redactSecrets } from '../../../electron/core/errors/redact';
import { MAX_BRIDGE_MESSAGE, toBridgeError } from '../../../electron/core/errors/to-bridge-error';
import { ApiError } from '../../../electron/core/errors/api-error';
import { readErrorBody } from '../../../electron/core/http/answer';
import { useTempDirs } from './helpers/temp-dir';
import { startTinyServer } from './helpers/tiny-server';

const tempDir = useTempDirs();
const KEY = 'sk-live-Q7w9Z2x4V6b8N0m1';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Every run of {@link MIN_KEY_RUN} characters of the key, in lower case. */
function keyRuns(key: string): string[] {
  const runs: string[] = [];
  for (let i = 0; i + MIN_KEY_RUN <= key.length; i += 1) {
    runs.push(key.slice(i, i + MIN_KEY_RUN).toLowerCase());
  }
  return runs;
}

/** Fails when `text` holds any run of the key, in any case, or its base64. */
function expectNoKeyIn(text: string): void {
  const lower = text.toLowerCase();
  for (const run of keyRuns(KEY)) expect(lower).not.toContain(run);
  const b64 = Buffer.from(KEY).toString('base64');
  for (let i = 0; i + MIN_KEY_RUN <= b64.length; i += 1) {
    expect(text).not.toContain(b64.slice(i, i + MIN_KEY_RUN));
  }
}

/** A core whose `local` profile points at a service answering every request with `body`. */
async function coreAnswering(status: number, body: object): Promise<BridgeError> {
  const server = await startTinyServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  cleanups.push(server.close);
  const dataDir = await tempDir();
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: '1.0.0',
    env: { KENNEL_LOCAL_URL: server.url },
    deadlineMs: 2_000,
    governor: { transientRetries: 0 },
  });
  cleanups.push(() => core.close());
  const saved = await core.dispatch('setKey', ['local', KEY, {}]);
  expect(saved.ok).toBe(true);
  const result: BridgeResult<unknown> = await core.dispatch('listPets', ['local', {}]);
  if (result.ok) throw new Error('expected the service to refuse');
  return result.error;
}

describe('a service that echoes the key in its error', () => {
  it('never lets a cut, upper-cased or base64 copy reach the renderer', async () => {
    // The copy starts where the old 300-character cut fell, so a cut copy was all that was left.
    const message =
      `${'x'.repeat(290)} ${KEY} upper ${KEY.toUpperCase()} ` +
      `basic ${Buffer.from(`user:${KEY}`).toString('base64')} ` +
      `half ${KEY.slice(3, 15)} b64 ${Buffer.from(KEY).toString('base64url')}`;
    const error = await coreAnswering(400, { code: 'invalid_body', message, status: 400 });
    expect(error.kind).toBe('validation');
    expect(error.code).toBe('invalid_body');
    expectNoKeyIn(JSON.stringify(error));
    expect(error.message).toContain('[redacted]');
    expect(Array.from(error.message).length).toBeLessThanOrEqual(MAX_BRIDGE_MESSAGE);
    // The service's own words travel as their own field, scrubbed and cut the same way.
    expect(error.serviceMessage).toContain('[redacted]');
    expect(error.serviceMessage?.startsWith('xxx')).toBe(true);
    expect(Array.from(error.serviceMessage ?? '').length).toBeLessThanOrEqual(MAX_BRIDGE_MESSAGE);
  });

  it('drops a code that is the key, or anything but a short identifier', async () => {
    for (const code of [KEY.toLowerCase(), KEY, 'Key Banned <b>', 'a'.repeat(65), '']) {
      const error = await coreAnswering(400, { code, message: 'no', status: 400 });
      expect(error.code, code).toBeUndefined();
      expectNoKeyIn(JSON.stringify(error));
    }
    expect(readErrorBody('{"code":"key_banned.v2-x","message":"m"}').code).toBe('key_banned.v2-x');
  });
});

describe('redacting before cutting', () => {
  it('cuts only after redacting, so the message stays within bounds and keeps its start', () => {
    const err = new ApiError(`The service refused (HTTP 418): ${'y'.repeat(1_000)}${KEY}`, {
      status: 418,
    });
    const bridged = toBridgeError(err, [KEY]);
    expect(bridged.message.startsWith('The service refused (HTTP 418): yyy')).toBe(true);
    expect(Array.from(bridged.message).length).toBe(MAX_BRIDGE_MESSAGE);
    expectNoKeyIn(bridged.message);
  });

  it('finds runs of the key in any case and its base64 at every alignment', () => {
    const texts = [
      `a${KEY.slice(0, MIN_KEY_RUN)}b`,
      KEY.slice(-MIN_KEY_RUN).toUpperCase(),
      Buffer.from(`x${KEY}`).toString('base64'),
      Buffer.from(`xy${KEY}`).toString('base64'),
      Buffer.from(`xyz:${KEY}!`).toString('base64url'),
    ];
    for (const text of texts) expectNoKeyIn(redactSecrets(text, [KEY]));
    expect(redactSecrets('nothing to hide here', [KEY])).toBe('nothing to hide here');
    // A short key is only found whole, so ordinary words survive.
    expect(redactSecrets('key abc1 and ABC1', ['abc1'])).toBe('key [redacted] and [redacted]');
  });
});
