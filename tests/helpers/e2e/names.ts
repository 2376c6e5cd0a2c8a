import { test } from '@playwright/test';
import { nameTags } from '../name-tags';
import { seededRandom, seedFor, testSeed } from '../seed';

/** The tag drawer of each test attempt: later calls in a test go on where the last stopped. */
const drawers = new Map<string, () => string>();

/**
 * Animal names unique to the test calling it (every call draws a new tag), so
 * "each name exactly once on the service" cannot be satisfied by seed data or
 * by another call. The tags come from the test's seed (the `seed` fixture's),
 * so a run replayed with its `KENNEL_TEST_SEED` types the same names. Call it
 * inside a test or hook.
 */
export function uniqueNames(stem: string, count: number): string[] {
  const info = test.info();
  const attempt = `${info.testId}#${info.retry}#${info.repeatEachIndex}`;
  let draw = drawers.get(attempt);
  if (draw === undefined) {
    draw = nameTags(seededRandom(seedFor('names', testSeed(info.titlePath))));
    drawers.set(attempt, draw);
  }
  const tag = draw();
  return Array.from(
    { length: count },
    (_, i) => `${stem} ${tag} ${String(i + 1).padStart(2, '0')}`,
  );
}

/** How often each name occurs in `names`. */
export function countByName(names: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}
