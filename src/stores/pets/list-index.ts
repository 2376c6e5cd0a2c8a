/**
 * The catalogue index behind the animals list (`catalogue/search-index.ts`):
 * built once the first rows are shown, fed the category names and intake
 * records. Part of the pets store (`stores/pets.ts`).
 */
import { getCurrentScope, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import { afterRowsDrawn } from '../../browser/after-rows-drawn';
import type { IndexFeed } from '../../catalogue/index-feed';
import type { CachedPet, KennelDb } from '../../data/db';
import type { LocalDay, Outcome } from '../../data/intake-record';
import { loadDbModule } from '../../data/layer';
import type { useCategoriesStore } from '../categories';
import type { useProfileStore } from '../profile';
import type { useRecordsStore } from '../records';

interface ListIndexDeps {
  profile: ReturnType<typeof useProfileStore>;
  categories: ReturnType<typeof useCategoriesStore>;
  /** True once the list's first page has answered (or failed). */
  firstPageSettled: Ref<boolean>;
  /** Why the data layer could not be loaded; null while it loads or has. */
  layerError: Ref<unknown>;
}

export function useListIndex(deps: ListIndexDeps) {
  const { profile, categories } = deps;
  const scope = getCurrentScope();
  let feed: IndexFeed | null = null;
  /** The index is built and answers for this profile. */
  const ready = ref(false);
  /** Moves on whenever what the index answers may have changed. */
  const version = ref(0);
  const error = shallowRef<unknown>(null);

  function stop(): void {
    feed?.stop();
    feed = null;
    ready.value = false;
    error.value = null;
  }

  // The index's code is a chunk of its own, fetched after the first rows.
  let indexCode: Promise<typeof import('../../catalogue/index-feed')> | null = null;

  async function start(db: KennelDb): Promise<void> {
    indexCode ??= import('../../catalogue/index-feed');
    let code: typeof import('../../catalogue/index-feed');
    try {
      code = await indexCode;
    } catch (failure) {
      indexCode = null;
      error.value = failure;
      return;
    }
    // The profile moved on, or another call built it first, while the code loaded.
    if (db !== profile.db || feed !== null) return;
    stop();
    const next = new code.IndexFeed(db, {
      onChange: () => {
        if (feed !== next) return;
        ready.value = next.ready;
        error.value = next.error;
        version.value += 1;
      },
    });
    feed = next;
    next.index.setCategories(categories.index);
    next.setRecords(recordsStore.value?.records ?? []);
    void next.start();
  }

  // The intake records, another table: read once the first rows are shown,
  // like the index, so neither their code nor their read holds the rows up.
  // The store follows the active profile from then on.
  const recordsStore = shallowRef<ReturnType<typeof useRecordsStore> | null>(null);
  let recordsAsked = false;
  function loadRecords(): void {
    if (recordsAsked) return;
    recordsAsked = true;
    import('../records').then(
      ({ useRecordsStore }) => {
        scope?.run(() => {
          recordsStore.value = useRecordsStore();
        });
      },
      (failure: unknown) => {
        recordsAsked = false;
        error.value = failure;
      },
    );
  }

  // A record changed in any window: searches and the outcome filter see it
  // next. In a task of its own, not the one that read the records: a pass
  // over 10,000 of them, added to their read, would hold a key up.
  let recordsTimer: ReturnType<typeof setTimeout> | null = null;
  watch(
    () => recordsStore.value?.records,
    (list) => {
      if (list === undefined || recordsTimer !== null) return;
      recordsTimer = setTimeout(() => {
        recordsTimer = null;
        const latest = recordsStore.value?.records;
        if (feed === null || latest === undefined) return;
        feed.setRecords(latest);
        version.value += 1;
      }, 0);
    },
  );
  onScopeDispose(() => {
    if (recordsTimer !== null) clearTimeout(recordsTimer);
  });

  // Searches match category names and the category column sorts by them: a
  // rename in Settings re-sorts the list at once.
  watch(
    () => categories.index,
    (index) => {
      if (feed === null) return;
      feed.index.setCategories(index);
      version.value += 1;
    },
  );

  // Another profile's index must not answer for one frame under this one.
  watch(
    () => profile.db,
    () => stop(),
  );
  watch(
    [deps.firstPageSettled, () => profile.db],
    ([settled, db]) => {
      if (!settled || feed !== null) return;
      // After the frame that shows the first rows: neither the data layer's
      // code nor the index's build ever holds them up.
      afterRowsDrawn(() => {
        if (db === null)
          void loadDbModule().catch((failure: unknown) => {
            deps.layerError.value = failure;
          });
        else if (feed === null) void start(db);
        loadRecords();
      });
    },
    { immediate: true },
  );
  onScopeDispose(() => feed?.stop());

  /** The built index, or null; read it inside a computed that reads `version` too. */
  function built(): IndexFeed['index'] | null {
    return ready.value && feed !== null ? feed.index : null;
  }

  /** The outcome recorded here for a listed animal, shown beside the service's status; null if none (or the records load). */
  function outcomeOf(row: CachedPet): { outcome: Outcome; on: LocalDay | null } | null {
    const record = recordsStore.value?.recordOf(row.key);
    if (record?.outcome === undefined) return null;
    return { outcome: record.outcome, on: record.outcomeOn ?? null };
  }

  return { ready, version, error, built, outcomeOf };
}
