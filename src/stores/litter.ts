import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { CachedPet } from '../data/db';
import { readLitterAnimals } from '../data/litter';
import { useLiveQuery } from '../data/live-query';
import { storageReadProblem } from '../errors/storage-read';
import { t } from '../i18n';
import { litterRecords } from '../records/litter';
import { useProfileStore } from './profile';
import { useRecordsStore } from './records';

/**
 * The active profile's litters (animals added together with "Add another
 * like this"), from the intake records, and the animals of the one whose
 * litter card is open, kept live: an ID that arrives while it is open shows
 * at once, and prints.
 */
export const useLitterStore = defineStore('litter', () => {
  const profile = useProfileStore();
  const records = useRecordsStore();

  /** The litter whose card is open, by id; null when none is. */
  const shown = ref<string | null>(null);

  /** The keys of the litter `id`'s animals, in their places. */
  function keysOf(id: string): string[] {
    return litterRecords(records.records, id).map((record) => record.key);
  }

  /** The litter the animal of `key` was added with, and how many animals it has here. */
  function litterOf(key: string): { id: string; size: number } | null {
    const id = records.recordOf(key)?.litter?.id;
    return id === undefined ? null : { id, size: keysOf(id).length };
  }

  const shownKeys = computed(() => (shown.value === null ? '' : keysOf(shown.value).join('\n')));
  const query = useLiveQuery({
    db: () => profile.db,
    source: shownKeys,
    query: (db, keys) =>
      keys === '' ? Promise.resolve([]) : readLitterAnimals(db, keys.split('\n')),
    initial: [] as CachedPet[],
  });

  /** The open litter's animals as cached now, in their places. */
  const animals = computed(() => query.value.value);
  const readError = computed(() => storageReadProblem(query.error.value, t('litter.card.what')));

  return { shown, litterOf, animals, readError };
});
