/**
 * Issue 42, item 2: a key a service echoes re-encoded (percent-encoded,
 * spaced, dashed, no-break spaces, full-width, HTML references, a hex dump,
 * base64) leaves the core with no copy of it that a reader could recover.
 */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { BridgeResult } from '../../../electron/contract/bridge';
import { redactSecrets } from '../../../electron/core/errors/redact';
import { replayHint, runSeed, seedFor, seededRandom } from '../../helpers/seed';
import { ECHOES, MIN_KEY_RUN, copiesOfKey, randomKey } from './helpers/key-copies';
import { listThroughCore } from './helpers/core-behind';
import { useTempDirs } from './helpers/temp-dir';
import { startTinyServer } from './helpers/tiny-server';

const tempDir = useTempDirs();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The test's seeded dice; a failure prints how to roll them again. */
function dice(): () => number {
  const run = runSeed();
  const own = seedFor(expect.getState().currentTestName ?? 'outside a test', run);
  onTestFailed(() => console.error(`${replayHint(run)} (this test's own seed: ${own})`));
  return seededRandom(own);
}

const pick = <T>(random: () => number, from: readonly T[]): T =>
  from[Math.floor(random() * from.length)]!;

// No digits: a short key below always has one, so it cannot turn up across these words.
const WORDS = ['the', 'key', 'was', 'refused', 'by', 'gateway', 'please', 'check', 'token', 'for'];
const words = (random: () => number, count = 4): string =>
  Array.from({ length: count }, () => pick(random, WORDS)).join(' ');

const OPENING = 'The service said:';
const shapes = Object.keys(ECHOES);

describe('a key echoed in another shape', () => {
  it.each(shapes)('leaves nothing of a key echoed %s, and keeps the words around it', (shape) => {
    const random = dice();
    for (let round = 0; round < 25; round += 1) {
      const key = randomKey(random);
      const message = `${OPENING} ${words(random)} ${ECHOES[shape]!(key)} ${words(random)}.`;
      const out = redactSecrets(message, [key]);
      const context = `key ${JSON.stringify(key)}, message ${JSON.stringify(message)}`;
      expect(copiesOfKey(out, key), context).toEqual([]);
      expect(out, context).toContain('[redacted]');
      expect(out.startsWith(`${OPENING} `), context).toBe(true);
    }
  });

  it('leaves text without the key as it was, escapes, other keys and all', () => {
    const random = dice();
    for (let round = 0; round < 200; round += 1) {
      const key = randomKey(random);
      const other = randomKey(random);
      const message = [
        words(random),
        ECHOES[pick(random, shapes)]!(other),
        pick(random, ['%20', '&amp;', '&#65;', '\u00a0', 'Ｆｕｌｌ', '\u200b', '0x1f']),
        words(random),
      ].join(' ');
      expect(redactSecrets(message, [key]), `key ${JSON.stringify(key)}`).toBe(message);
    }
  });

  it('finds a short key only whole, and never looks for a shorter one', () => {
    const random = dice();
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (let round = 0; round < 50; round += 1) {
      const length = 4 + Math.floor(random() * (MIN_KEY_RUN - 4));
      let key = String(Math.floor(random() * 10));
      while (key.length < length) key += pick(random, [...alphabet]);
      const before = words(random);
      const after = words(random);
      const spaced = [...key].join(' ');
      expect(redactSecrets(`${before} ${spaced} ${after}`, [key])).toBe(
        `${before} [redacted] ${after}`,
      );
      expect(redactSecrets(`${before} ${after}`, [key])).toBe(`${before} ${after}`);
    }
    // Fewer than four characters once read: too little to tell from ordinary text.
    const text = 'a b c, abc, a.b and a-b-c';
    expect(redactSecrets(text, ['abc', 'a.b', '-a-b-c-'])).toBe(text);
  });
});

/** The core in front of a service that refuses every request, echoing its key in `shape`. */
async function echoedError(shape: string, key: string): Promise<BridgeResult<unknown>> {
  const server = await startTinyServer((req, res) => {
    const echoed = ECHOES[shape]!((req.authorization ?? '').replace(/^Bearer /, ''));
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ code: echoed, message: `The key ${echoed} is not valid.`, status: 400 }),
    );
  });
  cleanups.push(server.close);
  return listThroughCore(server.url, key, await tempDir(), cleanups);
}

describe('the error the renderer gets from a service that echoes the key', () => {
  it.each(shapes)('holds nothing of a key echoed %s', async (shape) => {
    const key = randomKey(dice());
    const result = await echoedError(shape, key);
    if (result.ok) throw new Error('expected the service to refuse');
    const { error } = result;
    expect(error.kind).toBe('validation');
    expect(error.serviceMessage).toContain('[redacted]');
    expect(error.serviceMessage?.startsWith('The key ')).toBe(true);
    for (const said of [error.message, error.serviceMessage ?? '', error.code ?? '']) {
      expect(copiesOfKey(said, key), `key ${JSON.stringify(key)} in ${said}`).toEqual([]);
    }
  });
});
