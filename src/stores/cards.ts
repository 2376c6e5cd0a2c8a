import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import { cardFacts, type CardFacts, type CardRow } from '../cards/card-facts';
import { useLiveQuery } from '../data/live-query';
import { cardsDue, markCardsPrinted, typedSince } from '../data/cards';
import { findCachedPet } from '../data/pets';
import type { CachedPet } from '../data/db';
import { storageReadProblem } from '../errors/storage-read';
import { startOfLocalDay, startOfNextLocalDay } from '../format/clock';
import { t } from '../i18n';
import { localDayOf } from '../records/local-day';
import { useCategoriesStore } from './categories';
import { useProfileStore } from './profile';
import { useRecordsStore } from './records';

/**
 * Kennel cards of the active profile: the cards still to print (animals whose
 * ID arrived after intake) and today's intake on this computer, both kept
 * live, and what a card says about an animal.
 */
export const useCardsStore = defineStore('cards', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();
  const records = useRecordsStore();

  // Today's intake starts again at midnight, without a reload.
  const today = ref(startOfLocalDay(Date.now()));
  let midnight: ReturnType<typeof setTimeout> | null = null;
  function armMidnight(): void {
    midnight = setTimeout(
      () => {
        today.value = startOfLocalDay(Date.now());
        armMidnight();
      },
      Math.max(1000, startOfNextLocalDay(today.value) - Date.now()),
    );
  }
  armMidnight();
  onScopeDispose(() => {
    if (midnight !== null) clearTimeout(midnight);
  });

  const dueQuery = useLiveQuery({
    db: () => profile.db,
    query: (db) => cardsDue(db),
    initial: [] as CachedPet[],
  });
  const todayQuery = useLiveQuery({
    db: () => profile.db,
    source: today,
    query: (db, since) => typedSince(db, since),
    initial: [] as CachedPet[],
  });

  const due = computed(() => dueQuery.value.value);
  const todaysIntake = computed(() => todayQuery.value.value);
  const readError = computed(
    () =>
      storageReadProblem(dueQuery.error.value, t('data.what.cards')) ??
      storageReadProblem(todayQuery.error.value, t('data.what.cards')),
  );

  /** What the card of `row` says today, in the active profile's words, with its intake record. */
  function facts(row: CardRow): CardFacts {
    const context = {
      categories: categories.index,
      profile: profile.active,
      today: localDayOf(Date.now()),
    };
    return cardFacts(row, context, records.recordOf(row.key));
  }

  /** Takes the animals of `keys` off the cards to print. */
  async function markPrinted(keys: readonly string[]): Promise<void> {
    await markCardsPrinted(await profile.whenDb(), keys);
  }

  /** The animal as cached now (its ID may have arrived since it was shown), or null. */
  async function cachedRow(key: string): Promise<CachedPet | null> {
    return (await findCachedPet(await profile.whenDb(), key)) ?? null;
  }

  return { due, todaysIntake, readError, facts, markPrinted, cachedRow };
});
