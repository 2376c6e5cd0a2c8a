/**
 * The seeded dice of `tests/helpers/seed.ts` for the renderer tests, which
 * are typed without Node's types (that file reads the run's seed from the
 * environment): loaded at run time, as `sync/service-pair.ts` loads the pair.
 */
import { expect } from 'vitest';

interface SeedModule {
  seedFor(name: string): number;
  seededRandom(seed: number): () => number;
}

const url = new URL('../../../helpers/seed.ts', import.meta.url).href;
const seeds = (await import(/* @vite-ignore */ url)) as SeedModule;

/** The seed of the test now running: the run's seed mixed with its full title. */
export function testSeed(): number {
  return seeds.seedFor(expect.getState().currentTestName ?? 'outside a test');
}

/** Numbers in [0, 1) from {@link testSeed}: the same for the same run seed and test. */
export function testRandom(): () => number {
  return seeds.seededRandom(testSeed());
}
