import type { Page } from '@playwright/test';
import { inPageStore } from './page-store';

/** What a finished refresh stored about the lists it read (`src/catalogue/coverage.ts`), in short. */
export interface StoredCoverage {
  startedAt: number;
  finishedAt: number;
  /** Per list read (`all`, `available`, ...): how many it returned and whether it was cut. */
  lists: Record<string, { count: number; cut: boolean }>;
}

/**
 * The catalogue coverage a profile's last finished refresh wrote to the page's
 * own database, read straight from IndexedDB (not through the app); null before
 * any refresh has finished. The app writes it as a refresh's last step, so a
 * test can tell that a refresh the app started on its own (after a key is
 * entered) is over before the user asks for another.
 */
export async function readCatalogueCoverage(
  page: Page,
  profile: 'local' | 'staging' | 'production' = 'local',
): Promise<StoredCoverage | null> {
  const row = (await inPageStore(page, {
    db: `kennel-${profile}`,
    store: 'meta',
    op: 'get',
    key: 'catalogue-coverage',
  })) as { value?: StoredCoverage } | undefined;
  const value = row?.value;
  if (typeof value?.finishedAt !== 'number') return null;
  const lists: StoredCoverage['lists'] = {};
  for (const [list, entry] of Object.entries(value.lists ?? {})) {
    lists[list] = { count: entry.count, cut: entry.cut };
  }
  return { startedAt: value.startedAt, finishedAt: value.finishedAt, lists };
}
