import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ProfileName } from '../../electron/contract/profiles';
import { pageWindow, windowCovers, type PageWindow } from '../data/page-window';
import type { CachedPet } from '../data/db';
import { closeFirstPageReader, readEarlyPage } from '../data/early-reader';
import { loadDbModule } from '../data/layer';
import { useLiveQuery } from '../data/live-query';
import { countPets, petsPage, type StatusFilter } from '../data/pets';
import type { FoundBy, ListSort, OutcomeChoice, StatusCounts } from '../catalogue/search-index';
import { storageReadProblem } from '../errors/storage-read';
import { t } from '../i18n';
import { useCategoriesStore } from './categories';
import { useDetailPanel } from './pets/detail-panel';
import { useListIndex } from './pets/list-index';
import { useProfileStore } from './profile';

interface LoadedPage {
  /** Whose list this page is; null before any page has answered. */
  profile: ProfileName | null;
  filter: StatusFilter;
  offset: number;
  rows: CachedPet[];
}

interface Counted {
  profile: ProfileName | null;
  filter: StatusFilter;
  count: number;
}

/**
 * The animals list over the cache. In its own order (waiting first, then
 * newest) only the rows around what is on screen are read (`petsPage` over an
 * index), so the first rows of 100,000 cached animals come as fast as those of
 * 1,000. Until the data layer has loaded (`data/layer.ts`, fetched once the
 * first rows are shown), pages are read straight from IndexedDB
 * (`data/first-page.ts`). A search, a column sort or a list no database index
 * can page is answered by the catalogue index (`pets/list-index.ts`); the
 * details drawer is `pets/detail-panel.ts`'s.
 */
export const usePetsStore = defineStore('pets', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();

  const filter = ref<StatusFilter>('all');
  /**
   * Whether the animals with an outcome recorded here (adopted, transferred
   * out…) are listed: the service still lists them under its own status.
   * Kept for the session, across profiles, like the status filter.
   */
  const outcomes = ref<OutcomeChoice>('shown');
  const search = ref('');
  const sort = shallowRef<ListSort>(null);
  const range = shallowRef<PageWindow>(pageWindow(0, 0));
  /**
   * True from the moment the list's first page has answered (or failed): what
   * is not needed to show the first rows can wait for it.
   */
  const firstPageSettled = ref(false);
  /** Why the data layer could not be loaded; null while it loads or has. */
  const layerError = shallowRef<unknown>(null);

  const index = useListIndex({ profile, categories, firstPageSettled, layerError });
  /**
   * No IndexedDB index holds the animals without a status, nor what another
   * table (the intake records) says of them, so `petsPage` cannot page those
   * lists: the catalogue index answers them as soon as it is built, and the
   * database is no longer walked.
   */
  const unsetFromIndex = computed(
    () => (filter.value === 'none' || outcomes.value === 'left-out') && index.ready.value,
  );

  const emptyPage: LoadedPage = { profile: null, filter: 'all', offset: 0, rows: [] };
  const pageQuery = useLiveQuery({
    db: () => profile.db,
    source: () => [profile.active, filter.value, range.value, unsetFromIndex.value] as const,
    query: async (db, [name, f, w, fromIndex]): Promise<LoadedPage> => ({
      profile: name,
      filter: f,
      offset: w.offset,
      rows: fromIndex ? [] : await petsPage(db, f, w.offset, w.limit),
    }),
    initial: emptyPage,
  });

  // Until the data layer has loaded, pages come from a plain IndexedDB reader.
  // Without a usable cache (none yet, or one Dexie must upgrade first) there
  // is nothing it could show: the data layer is fetched at once instead.
  const earlyPage = shallowRef<LoadedPage>(emptyPage);
  let earlyTicket = 0;
  watch(
    [() => profile.db === null, () => profile.active, filter, range] as const,
    async ([early, name, f, w]) => {
      const ticket = ++earlyTicket;
      if (!early) return;
      const rows = await readEarlyPage(name, f, w.offset, w.limit).catch(() => null);
      if (ticket !== earlyTicket) return;
      if (rows === null) void loadDbModule().catch((error: unknown) => (layerError.value = error));
      else earlyPage.value = { profile: name, filter: f, offset: w.offset, rows };
    },
    { immediate: true },
  );
  // The live query's pages take over from its first answer.
  watch(
    () => pageQuery.value.value.profile !== null,
    (live) => {
      if (live) closeFirstPageReader();
    },
  );
  const page = computed(() =>
    pageQuery.value.value.profile !== null ? pageQuery.value.value : earlyPage.value,
  );
  watch(
    [page, pageQuery.error, layerError],
    ([loaded, failure, layerFailure]) => {
      if (loaded.profile !== null || failure !== null || layerFailure !== null) {
        firstPageSettled.value = true;
      }
    },
    { immediate: true },
  );

  /** True once a page of the current list (profile and filter) has answered. */
  const pageIsCurrent = computed(
    () => page.value.profile === profile.active && page.value.filter === filter.value,
  );

  /** A search, a column sort, the no-status filter or outcomes left out: the list comes from the index. */
  const indexed = computed(
    () =>
      search.value.trim() !== '' ||
      sort.value !== null ||
      outcomes.value === 'left-out' ||
      unsetFromIndex.value,
  );
  /** Waiting for the index before a search or sort can answer. */
  const indexing = computed(() => indexed.value && !index.ready.value);

  const matches = computed<CachedPet[] | null>(() => {
    void index.version.value;
    const built = index.built();
    if (!indexed.value || built === null) return null;
    return built.query({
      filter: filter.value,
      search: search.value,
      sort: sort.value,
      outcomes: outcomes.value,
    });
  });

  /**
   * Why a listed row is there when the search does not name its ID or name
   * (its chip, its kennel or its category), which the list says on the row;
   * null for every row without a search.
   */
  const foundBy = computed<(row: CachedPet) => FoundBy | null>(() => {
    void index.version.value;
    const built = index.built();
    if (search.value.trim() === '' || built === null) return () => null;
    return built.foundBy(search.value);
  });

  /**
   * Animals per status that the list can show (those with an outcome
   * recorded here left out when the list leaves them out); null until the
   * index is built.
   */
  const counts = computed<StatusCounts | null>(() => {
    void index.version.value;
    return index.built()?.counts(outcomes.value) ?? null;
  });

  /** Every animal on this computer, whatever the list shows; null until the index is built. */
  const onThisComputer = computed<number | null>(() => {
    void index.version.value;
    return index.built()?.counts().all ?? null;
  });

  /** How many animals on this computer have an outcome recorded here; null until the index is built. */
  const outcomeCount = computed<number | null>(() => {
    void index.version.value;
    return index.built()?.outcomeCount() ?? null;
  });

  // The count walks the whole filter's index range, so it is only asked for
  // once the current list's first page has answered: it never holds up the
  // rows (IndexedDB would serve the two in turn). Once the catalogue index is
  // built it counts every status as it changes, and the database is not
  // walked again on every write.
  const unknownCount: Counted = { profile: null, filter: 'all', count: 0 };
  const countQuery = useLiveQuery({
    db: () => profile.db,
    source: () =>
      [profile.active, filter.value, pageIsCurrent.value && !index.ready.value] as const,
    query: async (db, [name, f, ready]): Promise<Counted> =>
      ready ? { profile: name, filter: f, count: await countPets(db, f) } : unknownCount,
    initial: unknownCount,
  });
  const counted = countQuery.value;

  /**
   * Why the list cannot be read from this computer's database, for the user;
   * null while it reads fine. Without it a failure would look like an empty list.
   */
  const listError = computed(() =>
    storageReadProblem(
      pageQuery.error.value ?? countQuery.error.value ?? index.error.value ?? layerError.value,
      t('data.what.animals'),
    ),
  );

  let lastTotal = 0;
  /**
   * How many rows the list has: the index's count once it is built, else the
   * database's count when it has answered for the current list; until then as
   * many as the loaded page proves (exact when the page is not full); before
   * that, what was shown last, so a switch does not flash an empty list.
   */
  const total = computed(() => {
    if (indexed.value) return matches.value?.length ?? 0;
    const c = counted.value;
    const p = page.value;
    const indexCount = counts.value?.[filter.value];
    if (indexCount !== undefined) lastTotal = indexCount;
    else if (c.profile === profile.active && c.filter === filter.value) lastTotal = c.count;
    else if (p.profile === profile.active && p.filter === filter.value) {
      lastTotal = p.offset + p.rows.length;
    }
    return lastTotal;
  });

  /** The row at list position `index`, when it is loaded (and belongs to the current list). */
  function rowAt(at: number): CachedPet | undefined {
    if (indexed.value) return matches.value?.[at];
    const loaded = page.value;
    if (loaded.profile !== profile.active || loaded.filter !== filter.value) return undefined;
    return loaded.rows[at - loaded.offset];
  }

  /**
   * Every row of the list as shown (status filter, search and sort applied),
   * or every animal on this computer, in the list's order: all of them, not
   * only the rows on screen. For the export and the printed list. Null while
   * a search or a sort waits for the index.
   */
  async function listedRows(scope: 'shown' | 'all'): Promise<CachedPet[] | null> {
    if (scope === 'shown' && indexed.value) {
      return matches.value === null ? null : [...matches.value];
    }
    const db = await profile.whenDb();
    // IndexedDB counts in an unsigned 32-bit number: that is "no limit" to it.
    return petsPage(db, scope === 'all' ? 'all' : filter.value, 0, 2 ** 32 - 1);
  }

  /**
   * The list as shown, at once, when the index can answer: a print started
   * from the browser's own menu gives no time to read the database.
   */
  function listedRowsNow(): CachedPet[] | null {
    if (indexed.value) return matches.value;
    const built = index.built();
    if (built === null) return null;
    return built.query({ filter: filter.value, search: '', sort: null, outcomes: outcomes.value });
  }

  /** Tells the store which rows are on screen; it loads a window around them. */
  function showRows(first: number, last: number): void {
    if (windowCovers(range.value, first, last)) return;
    range.value = pageWindow(first, last);
  }

  watch([filter, () => profile.active], () => {
    range.value = pageWindow(0, 0);
  });

  return {
    filter,
    outcomes,
    search,
    sort,
    indexed,
    indexing,
    counts,
    onThisComputer,
    outcomeCount,
    total,
    page,
    listError,
    firstPageSettled,
    rowAt,
    foundBy,
    outcomeOf: index.outcomeOf,
    listedRows,
    listedRowsNow,
    showRows,
    ...useDetailPanel(profile),
  };
});
