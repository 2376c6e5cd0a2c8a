import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { LIST_LIMIT } from '../../electron/contract';
import { limitProblem } from '../../electron/contract/validate';
import { api } from '../api';
import { parseAnimalId } from '../animals/animal-id';
import { detailFromCache, lookupAnimal, type AnimalDetail } from '../animals/lookup';
import { pageWindow, windowCovers, type PageWindow } from '../animals/page-window';
import { useLiveQuery } from '../composables/live-query';
import type { CachedPet, KennelDb } from '../data/db';
import { countPets, petsPage, type StatusFilter } from '../data/pets';
import { errorMessage } from '../errors/messages';
import { storageReadProblem } from '../errors/storage-read';
import { formatClock } from '../format/clock';
import { useKeysStore } from './keys';
import { useProfileStore } from './profile';
import { useSyncStore } from './sync';

/** The detail panel's state. */
export type DetailState =
  | { kind: 'none' }
  | { kind: 'loading'; id: string }
  | { kind: 'shown'; detail: AnimalDetail }
  | { kind: 'error'; message: string };

interface LoadedPage {
  db: KennelDb | null;
  filter: StatusFilter;
  offset: number;
  rows: CachedPet[];
}

interface Counted {
  db: KennelDb | null;
  filter: StatusFilter;
  count: number;
}

/**
 * The animals list over the cache. Only the rows around what is on screen are
 * ever read (`petsPage` over an index), so 100,000 cached animals cost what
 * 1,000 do; the total comes from `countPets`, asked once the first rows are in.
 */
export const usePetsStore = defineStore('pets', () => {
  const profile = useProfileStore();

  const filter = ref<StatusFilter>('all');
  const pageSize = ref<number>(LIST_LIMIT.default);
  const pageSizeError = computed(() => limitProblem(pageSize.value));
  const range = shallowRef<PageWindow>(pageWindow(0, 0));

  const emptyPage: LoadedPage = { db: null, filter: 'all', offset: 0, rows: [] };
  const pageQuery = useLiveQuery({
    source: () => [profile.db, filter.value, range.value] as const,
    query: async ([db, f, w]): Promise<LoadedPage> => ({
      db,
      filter: f,
      offset: w.offset,
      rows: await petsPage(db, f, w.offset, w.limit),
    }),
    initial: emptyPage,
  });
  const page = pageQuery.value;

  /**
   * True from the moment the list's first page has answered (or failed): what
   * is not needed to show the first rows can wait for it.
   */
  const firstPageSettled = ref(false);
  watch(
    [page, pageQuery.error],
    ([loaded, failure]) => {
      if (loaded.db !== null || failure !== null) firstPageSettled.value = true;
    },
    { immediate: true },
  );

  /** True once a page of the current list (profile and filter) has answered. */
  const pageIsCurrent = computed(
    () => page.value.db === profile.db && page.value.filter === filter.value,
  );

  // The count walks the whole filter's index range, so it is only asked for
  // once the current list's first page has answered: it never holds up the
  // rows (IndexedDB would serve the two in turn).
  const unknownCount: Counted = { db: null, filter: 'all', count: 0 };
  const countQuery = useLiveQuery({
    source: () => [profile.db, filter.value, pageIsCurrent.value] as const,
    query: async ([db, f, ready]): Promise<Counted> =>
      ready ? { db, filter: f, count: await countPets(db, f) } : unknownCount,
    initial: unknownCount,
  });
  const counted = countQuery.value;

  /**
   * Why the list cannot be read from this computer's database, for the user;
   * null while it reads fine. Without it a failure would look like an empty list.
   */
  const listError = computed(() =>
    storageReadProblem(pageQuery.error.value ?? countQuery.error.value, 'the animals'),
  );

  let lastTotal = 0;
  /**
   * How many rows the list has: the count when it has answered for the current
   * list; until then as many as the loaded page proves (exact when the page is
   * not full); before that, what was shown last, so a switch does not flash
   * an empty list.
   */
  const total = computed(() => {
    const c = counted.value;
    const p = page.value;
    if (c.db === profile.db && c.filter === filter.value) lastTotal = c.count;
    else if (p.db === profile.db && p.filter === filter.value) lastTotal = p.offset + p.rows.length;
    return lastTotal;
  });

  /** The row at list position `index`, when it is loaded (and belongs to the current list). */
  function rowAt(index: number): CachedPet | undefined {
    const loaded = page.value;
    if (loaded.db !== profile.db || loaded.filter !== filter.value) return undefined;
    return loaded.rows[index - loaded.offset];
  }

  /** Tells the store which rows are on screen; it loads a window around them. */
  function showRows(first: number, last: number): void {
    if (windowCovers(range.value, first, last)) return;
    range.value = pageWindow(first, last);
  }

  watch([filter, () => profile.db], () => {
    range.value = pageWindow(0, 0);
  });

  // Refresh from the service.
  const refreshing = ref(false);
  const refreshNote = ref('');
  const refreshError = ref<string | null>(null);

  /** Fetches one page (page size, status filter) from the service into the cache. */
  async function refresh(): Promise<void> {
    const problem = pageSizeError.value;
    if (problem !== null) {
      refreshError.value = problem;
      return;
    }
    refreshing.value = true;
    refreshError.value = null;
    refreshNote.value = '';
    try {
      const result = await useSyncStore().refresh(filter.value, pageSize.value);
      if (result.ok) {
        refreshNote.value = `Fetched ${result.value} ${result.value === 1 ? 'animal' : 'animals'} at ${formatClock(Date.now())}`;
      } else {
        // A 401 opens the key dialog through the sync engine, which saw it too.
        refreshError.value = errorMessage(result.error);
      }
    } finally {
      refreshing.value = false;
    }
  }

  /**
   * The page size a refresh the user did not ask for may use: the one they
   * chose when it is valid, else the service's default (never an invalid one).
   */
  const refreshLimit = computed(() =>
    pageSizeError.value === null ? pageSize.value : LIST_LIMIT.default,
  );

  /**
   * Quietly revalidates the cache with one page from the service (a new key,
   * a profile switch). Its outcome shows in the connection indicator, not here.
   */
  function revalidate(): Promise<unknown> {
    return useSyncStore().refresh(filter.value, refreshLimit.value);
  }

  // The detail panel.
  const detail = shallowRef<DetailState>({ kind: 'none' });
  let lookupSeq = 0;

  /** Shows a row of the list; it is in the cache already, so no request is made. */
  function openRow(row: CachedPet): void {
    lookupSeq += 1;
    detail.value = { kind: 'shown', detail: detailFromCache(row) };
  }

  /** Finds an animal by ID: cache first, then the deprecated `getPet`. */
  async function findById(raw: string): Promise<void> {
    const parsed = parseAnimalId(raw);
    if (!parsed.ok) {
      detail.value = { kind: 'error', message: parsed.message };
      return;
    }
    const seq = ++lookupSeq;
    const asked = profile.active;
    detail.value = { kind: 'loading', id: parsed.id };
    const outcome = await lookupAnimal({ db: profile.db, api, profile: asked }, parsed.id);
    // A newer lookup, a row click or a profile switch wins over this answer.
    if (seq !== lookupSeq || asked !== profile.active) return;
    if (outcome.ok) {
      detail.value = { kind: 'shown', detail: outcome.detail };
      return;
    }
    detail.value = { kind: 'error', message: errorMessage(outcome.error, { petId: parsed.id }) };
    if (outcome.error.kind === 'unauthorized') void useKeysStore().open(asked, 'rejected');
  }

  /** Closes the detail panel. */
  function closeDetail(): void {
    lookupSeq += 1;
    detail.value = { kind: 'none' };
  }

  watch(
    () => profile.active,
    () => {
      closeDetail();
      refreshNote.value = '';
      refreshError.value = null;
    },
  );

  return {
    filter,
    pageSize,
    pageSizeError,
    total,
    page,
    listError,
    firstPageSettled,
    rowAt,
    showRows,
    refreshing,
    refreshNote,
    refreshError,
    refresh,
    revalidate,
    detail,
    openRow,
    findById,
    closeDetail,
  };
});
