import { onScopeDispose, watch } from 'vue';
import { pruneHistory } from '../data/history-retention';
import { useProfileStore } from '../stores/profile';

/** After the first rows are drawn, before the desk gets busy: late enough to be out of the way. */
const AFTER_START_MS = 5_000;
const DAILY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the active profile's history older than it keeps
 * (`history-retention.ts`): once a profile's database is open (the data layer
 * loads after the list's first rows), a few seconds later, then once a day
 * for as long as the window stays open.
 */
export function useHistoryRetention(): void {
  const profile = useProfileStore();
  let soon: ReturnType<typeof setTimeout> | null = null;
  const prune = () => {
    const db = profile.db;
    // A failed pass keeps its rows for the next one: nothing is lost by waiting.
    if (db !== null) void pruneHistory(db).catch(() => undefined);
  };
  watch(
    () => profile.db,
    (db) => {
      if (soon !== null) clearTimeout(soon);
      soon = db === null ? null : setTimeout(prune, AFTER_START_MS);
    },
    { immediate: true },
  );
  const daily = setInterval(prune, DAILY_MS);
  onScopeDispose(() => {
    if (soon !== null) clearTimeout(soon);
    clearInterval(daily);
  });
}
