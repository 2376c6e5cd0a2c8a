import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../electron/contract/errors';
import { redactSecrets } from '../../../electron/core/errors/redact';
import { toBridgeError } from '../../../electron/core/errors/to-bridge-error';
import { ApiError } from '../../../electron/core/errors/api-error';
import { readErrorBody } from '../../../electron/core/http/answer';
import { listThroughCore } from './helpers/core-behind';
import { MIN_KEY_RUN } from './helpers/key-copies';
import { useTempDirs } from './helpers/temp-dir';
import { startTinyServer } from './helpers/tiny-server';

const tempDir = useTempDirs();
const KEY = 'sk-live-Q7w9Z2x4V6b8N0m1';
/** The longest message the renderer gets, in characters. */
const MAX_BRIDGE_MESSAGE = 400;
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
  const result = await listThroughCore(server.url, KEY, await tempDir(), cleanups);
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

/** `text` with a separator between every two of its characters. */
const spread = (text: string, separator: string): string => text.split('').join(separator);
const hex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');
/** What a reader sees of `text`: format characters render as nothing. */
const seen = (text: string): string => text.replace(/\p{Cf}/gu, '');

/** Fails when `text` holds the hex of any run of the key, in either case. */
function expectNoHexKeyIn(text: string): void {
  const lower = text.toLowerCase();
  const encoded = hex(KEY);
  for (let i = 0; i + 2 * MIN_KEY_RUN <= encoded.length; i += 2) {
    expect(lower).not.toContain(encoded.slice(i, i + 2 * MIN_KEY_RUN));
  }
}

describe('copies of the key written so a plain search misses them', () => {
  it.each([
    ['zero-width spaces', '\u200b'],
    ['zero-width non-joiners', '\u200c'],
    ['zero-width joiners', '\u200d'],
    ['word joiners', '\u2060'],
    ['byte order marks', '\ufeff'],
    ['soft hyphens', '\u00ad'],
    ['several kinds at once', '\u200b\u00ad\u2060'],
    ['tag characters beyond the basic plane', '\u{e0020}'],
  ])('hides the key with %s between its characters, invisibles and all', (_what, separator) => {
    const text = `token ${spread(KEY, separator)} end`;
    expect(redactSecrets(text, [KEY])).toBe('token [redacted] end');
    // A run of the key so written is hidden too, in any case, even next to other characters.
    const run = spread(KEY.slice(2, 2 + MIN_KEY_RUN).toUpperCase(), separator);
    expect(redactSecrets(`🐶${run}🐶`, [KEY])).toBe('🐶[redacted]🐶');
  });

  it('leaves invisible characters and text that only look like the key alone', () => {
    const untouched = [
      `a\u200bb soft\u00adhyphen`,
      spread(KEY.slice(0, MIN_KEY_RUN - 1), '\u200b'),
      spread(KEY.slice(0, MIN_KEY_RUN), ' '),
    ];
    for (const text of untouched) expect(redactSecrets(text, [KEY])).toBe(text);
  });

  it('hides the key written in hex, lower case or upper case', () => {
    expect(redactSecrets(hex(KEY), [KEY])).toBe('[redacted]');
    expect(redactSecrets(hex(KEY).toUpperCase(), [KEY])).toBe('[redacted]');
    expect(redactSecrets(`key=${hex(KEY.slice(4, 4 + MIN_KEY_RUN)).toUpperCase()}.`, [KEY])).toBe(
      'key=[redacted].',
    );
  });

  it('hides the hex of the key inside a longer hex value, and nothing else of it', () => {
    const header = `Bearer ${KEY}`;
    const text = `sent ${hex(header)} then ${hex(header).toUpperCase()}, and 0${hex(KEY)}`;
    const out = redactSecrets(text, [KEY]);
    expect(out).toBe(
      `sent ${hex('Bearer ')}[redacted] then ${hex('Bearer ').toUpperCase()}[redacted], and 0[redacted]`,
    );
    expectNoHexKeyIn(out);
    // Other hex values are no copy of the key.
    const commit = 'commit 3f9a2c1d4e5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f';
    expect(redactSecrets(commit, [KEY])).toBe(commit);
  });

  it('never lets such a copy reach the renderer', async () => {
    const message =
      `spaced ${spread(KEY, '\u200b')} hyphens ${spread(KEY.toUpperCase(), '\u00ad')} ` +
      `hex ${hex(KEY)} HEX ${hex(`user:${KEY}`).toUpperCase()}`;
    const error = await coreAnswering(400, { code: 'invalid_body', message, status: 400 });
    const bridged = JSON.stringify(error);
    expectNoKeyIn(seen(bridged));
    expectNoHexKeyIn(bridged);
    expect(error.serviceMessage).toContain('[redacted]');
  });
});
