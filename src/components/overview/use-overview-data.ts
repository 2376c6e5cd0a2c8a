/**
 * What the Overview reads from the active profile's database itself: today's
 * intake, today's sends and the animals by category. Live queries, so the
 * figures follow every animal added, sent or taken back; they run only while
 * the Overview is shown (they end with the component), so the intake and the
 * list never pay for them.
 */
import { computed, onScopeDispose, ref } from 'vue';
import { useLiveQuery } from '../../data/live-query';
import { startOfLocalDay } from '../../format/clock';
import {
  readCategoryIds,
  readDay,
  type CategoryAnswer,
  type DayAnswer,
} from '../../overview/reads';
import { useProfileStore } from '../../stores/profile';

/** How often the clock the Overview counts by moves on: the current hour and the day. */
const TICK_MS = 30_000;

/** The Overview's own reads of the active profile's database, and the clock they count by. */
export function useOverviewData() {
  const profile = useProfileStore();
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), TICK_MS);
  onScopeDispose(() => clearInterval(timer));
  const dayStart = computed(() => startOfLocalDay(now.value));

  const dayQuery = useLiveQuery({
    db: () => profile.db,
    source: dayStart,
    query: (db, start) => readDay(db, start),
    initial: null as DayAnswer | null,
  });
  const categoryQuery = useLiveQuery({
    db: () => profile.db,
    query: (db) => readCategoryIds(db),
    initial: null as CategoryAnswer | null,
  });

  /** Today's answer for the active profile; null until it has come. */
  const day = computed(() => {
    const answer = dayQuery.value.value;
    return answer !== null && answer.db === profile.db && answer.dayStart === dayStart.value
      ? answer
      : null;
  });
  const categoryIds = computed(() => {
    const answer = categoryQuery.value.value;
    return answer !== null && answer.db === profile.db ? answer.categoryIds : null;
  });
  /** The first failure to read, for the user; null while everything reads. */
  const readError = computed<unknown>(() => dayQuery.error.value ?? categoryQuery.error.value);

  return { now, day, categoryIds, readError };
}
