/**
 * Every random choice of a test run (the reference service's faults, a crash
 * test's kill schedule) comes from one seed, so a failure can be replayed:
 *
 *   KENNEL_TEST_SEED=123456 npm run test:e2e
 *
 * The run's seed is drawn once, in the runner's config, and handed to every
 * worker through the environment. Each test mixes it with its own title, so
 * adding or reordering tests changes no other test's dice.
 */
import { seededRandom } from '../../server/prng';

/** The environment variable that carries (and replays) the run's seed. */
export const SEED_VARIABLE = 'KENNEL_TEST_SEED';

/** The run's seed: `KENNEL_TEST_SEED` when set, otherwise drawn now and put there for the workers. */
export function runSeed(): number {
  const given = process.env[SEED_VARIABLE];
  if (given === undefined || given === '') {
    // The one unseeded draw of a run: it is printed, and replays everything else.
    // eslint-disable-next-line no-restricted-properties -- the seed itself has to come from somewhere
    const drawn = Math.floor(Math.random() * 2 ** 32);
    process.env[SEED_VARIABLE] = String(drawn);
    return drawn;
  }
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new RangeError(`${SEED_VARIABLE} must be a whole number from 0 to 4294967295.`);
  }
  return seed;
}

/** A seed of one's own for `name` (a test's title), derived from the run's seed. */
export function seedFor(name: string, run: number = runSeed()): number {
  // FNV-1a over the run's seed and the name: stable, and different for every name.
  let hash = 0x811c9dc5;
  for (const char of `${run}:${name}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A test's seed, from its full title (Playwright's `testInfo.titlePath`) and the run's seed. */
export function testSeed(titlePath: readonly string[], run: number = runSeed()): number {
  return seedFor(titlePath.join(' › '), run);
}

/** The sentence printed beside a failure, to replay its dice. */
export function replayHint(seed: number): string {
  return `Random choices came from seed ${seed}; replay them with ${SEED_VARIABLE}=${seed}.`;
}

export { seededRandom };
