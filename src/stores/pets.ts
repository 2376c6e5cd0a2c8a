import { defineStore } from 'pinia';
import { computed, getCurrentScope, onScopeDispose, ref, shallowRef, watch } from 'vue';
import type { BridgeError, ProfileName } from '../../electron/contract';
import { api } from '../api';
import { parseAnimalId } from '../animals/animal-id';
import { detailFromCache, type AnimalDetail } from '../animals/animal-detail';
import { pageWindow, windowCovers, type PageWindow } from '../data/page-window';
import { afterRowsDrawn } from '../browser/after-rows-drawn';
import { useLiveQuery } from '../data/live-query';
import type { CachedPet, KennelDb } from '../data/db';
import type { LocalDay, Outcome } from '../data/intake-record';
import { closeFirstPageReader, readEarlyPage } from '../data/early-reader';
import { loadDbModule } from '../data/layer';
import { countPets, petsPage, type StatusFilter } from '../data/pets';
import type { IndexFeed } from '../catalogue/index-feed';
import type { FoundBy, ListSort, OutcomeChoice, StatusCounts } from '../catalogue/search-index';
import { errorMessage } from '../errors/messages';
import { storageReadMessage, storageReadProblem } from '../errors/storage-read';
import { t } from '../i18n';
import { useCategoriesStore } from './categories';
import { useKeysStore } from './keys';
import { useFollowedAnimal } from './pets/followed-animal';
import { useProfileStore } from './profile';
import type { useRecordsStore } from './records';

/** The detail panel's state. */
export type DetailState =
  | { kind: 'none' }
  | { kind: 'loading'; id: string }
  | { kind: 'shown'; detail: AnimalDetail }
  /**
   * `error` is kept so the view can offer its Details; without it `message`
   * (a mistyped ID) is all there is to say.
   */
  | { kind: 'error'; id?: string; message: string; error?: BridgeError };

interface LoadedPage {
  /** Whose list this page is; null before any page has answered. */
  profile: ProfileName | null;
  filter: StatusFilter;
  offset: number;
  rows: CachedPet[];
}

/** An outcome recorded on this computer, as the list shows it beside the service's status. */
export interface ListedOutcome {
  outcome: Outcome;
  on: LocalDay | null;
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
 * (`data/first-page.ts`). A search or a column sort is answered by the
 * in-memory catalogue index (`catalogue/search-index.ts`), built once the
 * first rows are shown.
 */
export const usePetsStore = defineStore('pets', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();
  const scope = getCurrentScope();

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
  /** The catalogue index (below) is built and answers for this profile. */
  const indexReady = ref(false);
  /**
   * No IndexedDB index holds the animals without a status, nor what another
   * table (the intake records) says of them, so `petsPage` cannot page those
   * lists: the catalogue index answers them as soon as it is built, and the
   * database is no longer walked.
   */
  const unsetFromIndex = computed(
    () => (filter.value === 'none' || outcomes.value === 'left-out') && indexReady.value,
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
      if (rows === null) void loadDbModule().catch(noteLayerFailure);
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

  /** Why the data layer could not be loaded; null while it loads or has. */
  const layerError = shallowRef<unknown>(null);
  function noteLayerFailure(error: unknown): void {
    layerError.value = error;
  }

  /**
   * True from the moment the list's first page has answered (or failed): what
   * is not needed to show the first rows can wait for it.
   */
  const firstPageSettled = ref(false);
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

  // The catalogue index of the active profile: built after the first rows.
  let feed: IndexFeed | null = null;
  const indexVersion = ref(0);
  const indexError = shallowRef<unknown>(null);

  function stopIndex(): void {
    feed?.stop();
    feed = null;
    indexReady.value = false;
    indexError.value = null;
  }

  // The index's code is a chunk of its own, fetched after the first rows.
  let indexCode: Promise<typeof import('../catalogue/index-feed')> | null = null;

  async function startIndex(db: KennelDb): Promise<void> {
    indexCode ??= import('../catalogue/index-feed');
    let code: typeof import('../catalogue/index-feed');
    try {
      code = await indexCode;
    } catch (error) {
      indexCode = null;
      indexError.value = error;
      return;
    }
    // The profile moved on, or another call built it first, while the code loaded.
    if (db !== profile.db || feed !== null) return;
    stopIndex();
    const next = new code.IndexFeed(db, {
      onChange: () => {
        if (feed !== next) return;
        indexReady.value = next.ready;
        indexError.value = next.error;
        indexVersion.value += 1;
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
    import('./records').then(
      ({ useRecordsStore }) => {
        scope?.run(() => {
          recordsStore.value = useRecordsStore();
        });
      },
      (error: unknown) => {
        recordsAsked = false;
        indexError.value = error;
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
        indexVersion.value += 1;
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
      indexVersion.value += 1;
    },
  );

  // Another profile's index must not answer for one frame under this one.
  watch(
    () => profile.db,
    () => stopIndex(),
  );
  watch(
    [firstPageSettled, () => profile.db],
    ([settled, db]) => {
      if (!settled || feed !== null) return;
      // After the frame that shows the first rows: neither the data layer's
      // code nor the index's build ever holds them up.
      afterRowsDrawn(() => {
        if (db === null) void loadDbModule().catch(noteLayerFailure);
        else if (feed === null) void startIndex(db);
        loadRecords();
      });
    },
    { immediate: true },
  );
  onScopeDispose(() => feed?.stop());

  /** A search, a column sort, the no-status filter or outcomes left out: the list comes from the index. */
  const indexed = computed(
    () =>
      search.value.trim() !== '' ||
      sort.value !== null ||
      outcomes.value === 'left-out' ||
      unsetFromIndex.value,
  );
  /** Waiting for the index before a search or sort can answer. */
  const indexing = computed(() => indexed.value && !indexReady.value);

  const matches = computed<CachedPet[] | null>(() => {
    void indexVersion.value;
    if (!indexed.value || !indexReady.value || feed === null) return null;
    return feed.index.query({
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
    void indexVersion.value;
    if (search.value.trim() === '' || !indexReady.value || feed === null) return () => null;
    return feed.index.foundBy(search.value);
  });

  /**
   * Animals per status that the list can show (those with an outcome
   * recorded here left out when the list leaves them out); null until the
   * index is built.
   */
  const counts = computed<StatusCounts | null>(() => {
    void indexVersion.value;
    return indexReady.value && feed !== null ? feed.index.counts(outcomes.value) : null;
  });

  /** Every animal on this computer, whatever the list shows; null until the index is built. */
  const held = computed<number | null>(() => {
    void indexVersion.value;
    return indexReady.value && feed !== null ? feed.index.counts().all : null;
  });

  /** How many animals on this computer have an outcome recorded here; null until the index is built. */
  const outcomeCount = computed<number | null>(() => {
    void indexVersion.value;
    if (!indexReady.value || feed === null) return null;
    return feed.index.outcomeCount();
  });

  /** The outcome recorded here for a listed animal, or null (also while the records load). */
  function outcomeOf(row: CachedPet): ListedOutcome | null {
    const record = recordsStore.value?.recordOf(row.key);
    if (record?.outcome === undefined) return null;
    return { outcome: record.outcome, on: record.outcomeOn ?? null };
  }

  // The count walks the whole filter's index range, so it is only asked for
  // once the current list's first page has answered: it never holds up the
  // rows (IndexedDB would serve the two in turn). Once the catalogue index is
  // built it counts every status as it changes, and the database is not
  // walked again on every write.
  const unknownCount: Counted = { profile: null, filter: 'all', count: 0 };
  const countQuery = useLiveQuery({
    db: () => profile.db,
    source: () => [profile.active, filter.value, pageIsCurrent.value && !indexReady.value] as const,
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
      pageQuery.error.value ?? countQuery.error.value ?? indexError.value ?? layerError.value,
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
    const held = counts.value?.[filter.value];
    if (held !== undefined) lastTotal = held;
    else if (c.profile === profile.active && c.filter === filter.value) lastTotal = c.count;
    else if (p.profile === profile.active && p.filter === filter.value) {
      lastTotal = p.offset + p.rows.length;
    }
    return lastTotal;
  });

  /** The row at list position `index`, when it is loaded (and belongs to the current list). */
  function rowAt(index: number): CachedPet | undefined {
    if (indexed.value) return matches.value?.[index];
    const loaded = page.value;
    if (loaded.profile !== profile.active || loaded.filter !== filter.value) return undefined;
    return loaded.rows[index - loaded.offset];
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
    if (!indexReady.value || feed === null) return null;
    return feed.index.query({
      filter: filter.value,
      search: '',
      sort: null,
      outcomes: outcomes.value,
    });
  }

  /** Tells the store which rows are on screen; it loads a window around them. */
  function showRows(first: number, last: number): void {
    if (windowCovers(range.value, first, last)) return;
    range.value = pageWindow(first, last);
  }

  watch([filter, () => profile.active], () => {
    range.value = pageWindow(0, 0);
  });

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
    let db: KennelDb;
    let lookupAnimal: typeof import('../animals/lookup').lookupAnimal;
    try {
      db = await profile.whenDb();
      // The lookup's code (and the list walk it may need) is fetched on the first lookup.
      ({ lookupAnimal } = await import('../animals/lookup'));
    } catch (error) {
      if (seq === lookupSeq) {
        detail.value = {
          kind: 'error',
          id: parsed.id,
          message: storageReadMessage(error, t('data.what.animals')),
        };
      }
      return;
    }
    const outcome = await lookupAnimal({ db, api, profile: asked }, parsed.id);
    // A newer lookup, a row click or a profile switch wins over this answer.
    if (seq !== lookupSeq || asked !== profile.active) return;
    if (outcome.ok) {
      detail.value = { kind: 'shown', detail: outcome.detail };
      return;
    }
    const message =
      outcome.searchedLists === true
        ? outcome.error.message
        : errorMessage(outcome.error, { petId: parsed.id });
    detail.value = { kind: 'error', id: parsed.id, message, error: outcome.error };
    if (outcome.error.kind === 'unauthorized') void useKeysStore().open(asked, 'rejected');
  }

  /** Closes the detail panel. */
  function closeDetail(): void {
    lookupSeq += 1;
    detail.value = { kind: 'none' };
  }

  /** The animal in the detail panel as it is now: it follows the animal until it closes. */
  const { shown: shownDetail } = useFollowedAnimal({
    db: () => profile.db,
    chosen: () => (detail.value.kind === 'shown' ? detail.value.detail : null),
    gone: closeDetail,
  });

  watch(
    () => profile.active,
    () => {
      closeDetail();
    },
  );

  return {
    filter,
    outcomes,
    search,
    sort,
    indexed,
    indexing,
    counts,
    held,
    outcomeCount,
    total,
    page,
    listError,
    firstPageSettled,
    rowAt,
    foundBy,
    outcomeOf,
    listedRows,
    listedRowsNow,
    showRows,
    detail,
    shownDetail,
    openRow,
    findById,
    closeDetail,
  };
});
