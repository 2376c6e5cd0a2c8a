/**
 * The animal in the details drawer, followed as the cache changes: a
 * correction, a refresh, and above all the moment it is sent, when the
 * service's record (with its ID) replaces the pending row under a new key.
 * Part of the pets store (`stores/pets.ts`).
 */
import { computed, ref, shallowRef, watch } from 'vue';
import { detailWithRow, type AnimalDetail } from '../../animals/animal-detail';
import type { CachedPet, KennelDb } from '../../data/db';
import { useLiveQuery } from '../../data/live-query';
import { followPet } from '../../data/pets';

interface FollowDeps {
  /** The active profile's database (null while it opens). */
  db(): KennelDb | null;
  /** The animal chosen, as it was when chosen; null when none is shown. */
  chosen(): AnimalDetail | null;
  /** The followed animal left this computer (taken back, or discarded). */
  gone(): void;
}

interface Followed {
  key: string | null;
  row: CachedPet | undefined;
}

/** Follows the chosen animal's row; `shown` is the animal as it is now. */
export function useFollowedAnimal(deps: FollowDeps) {
  /** The key followed: the chosen one, then the service's once it replaced a pending row. */
  const key = ref<string | null>(null);
  /** The followed row as last read; null until read, or when it is not cached. */
  const latest = shallowRef<CachedPet | null>(null);

  watch(
    () => deps.chosen()?.key ?? null,
    (chosen) => {
      key.value = chosen;
      latest.value = null;
    },
    { immediate: true, flush: 'sync' },
  );

  const query = useLiveQuery({
    db: deps.db,
    source: () => key.value,
    query: async (db, asked): Promise<Followed> => ({
      key: asked,
      row: asked === null ? undefined : await followPet(db, asked),
    }),
    initial: { key: null, row: undefined } as Followed,
  });

  watch(query.value, ({ key: asked, row }) => {
    if (asked === null || asked !== key.value) return;
    if (row === undefined) {
      // Seen here before and gone now. An animal a lookup found but did not
      // cache was never seen, and stays shown as the lookup gave it.
      if (latest.value !== null) deps.gone();
      return;
    }
    latest.value = row;
    key.value = row.key;
  });

  /** The chosen animal as the cache holds it now; as chosen until its row is read. */
  const shown = computed<AnimalDetail | null>(() => {
    const chosen = deps.chosen();
    if (chosen === null) return null;
    return latest.value === null ? chosen : detailWithRow(chosen, latest.value);
  });

  return { shown };
}
