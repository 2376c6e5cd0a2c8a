import type { Page } from '@playwright/test';
import type { HistoryEvent } from '../../../src/data/history-event';
import { inPageStore } from './page-store';

/**
 * TEST SUPPORT ONLY, until the acts write their own history rows: puts
 * `rows` straight into a profile's `history` table through the page's
 * IndexedDB (as the writers will, one row per act), so the History view can
 * be tested before the writers are merged. Each row gets a key of its own
 * (made from its time, kind and place, so a run replays the same), as
 * `historyEvent()` gives one. The app must have opened the profile's database
 * (schema 10) first.
 */
export async function seedHistoryRowsForTest(
  page: Page,
  rows: Omit<HistoryEvent, 'key'>[],
  profile: 'local' | 'staging' | 'production' = 'local',
): Promise<HistoryEvent[]> {
  const values = rows.map((row, index) => ({
    key: `seeded-${row.at}-${row.kind}-${index}`,
    ...row,
  }));
  await inPageStore(page, { db: `kennel-${profile}`, store: 'history', op: 'putAll', values });
  return values;
}
