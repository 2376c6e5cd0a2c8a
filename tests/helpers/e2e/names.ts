import { randomBytes } from 'node:crypto';

/**
 * Animal names unique to one test run, so "each name exactly once on the
 * service" cannot be satisfied by seed data or by another test.
 */
export function uniqueNames(stem: string, count: number): string[] {
  const tag = randomBytes(3).toString('hex');
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
