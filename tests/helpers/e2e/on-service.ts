import { expect } from '@playwright/test';
import type { ServiceControl } from './service-control';

/**
 * Waits until every one of `names` is on the service: the outcome staff wait
 * for after a pile of intake typed at a scanner's pace. "0 waiting" alone is
 * no such sign, since it holds too before the last animals are even saved.
 */
export async function expectEachOnService(
  service: ServiceControl,
  names: readonly string[],
  timeout = 60_000,
): Promise<void> {
  await expect
    .poll(
      () => {
        const there = new Set(service.state.pets().map((p) => p.name));
        return names.filter((name) => !there.has(name));
      },
      { timeout, message: 'animals not on the service yet' },
    )
    .toEqual([]);
}
