import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue';
import type { BridgeError } from '../../electron/contract/errors';
import type { BridgeResult } from '../../electron/contract/bridge';
import type { ProfileName } from '../../electron/contract/profiles';
import type { RequestLane } from '../../electron/contract/pacing';
import {
  autoRefreshDelay,
  mayRefreshAfterQueue,
  mayRefreshInBackground,
  mayScheduleRefresh,
  readAutoRefreshPaused,
  writeAutoRefreshPaused,
} from '../catalogue/auto-refresh';
import { COVERAGE_META_KEY, cutLists, parseCoverage, unfinishedLists } from '../catalogue/coverage';
import type { CrawlSummary } from '../catalogue/crawl';
import { useLiveQuery } from '../data/live-query';
import { errorMessage } from '../errors/messages';
import { formatClock, formatNumber } from '../format/clock';
import { t } from '../i18n';
import { pageLocalStorage } from '../browser/page-storage';
import { useProfileStore } from './profile';
import { useRateLimitStore } from './rate-limit';
import { useSyncStore } from './sync';

/** How often a window that may not refresh now looks again. */
const RECHECK_MS = 30_000;

/**
 * Refreshing the catalogue from the service: by hand, quietly when a profile
 * can talk to its service, and in the background every few minutes while
 * online (pausable). What the lists proved is kept in the profile's database,
 * so every window shows the same coverage.
 */
export const useCatalogueStore = defineStore('catalogue', () => {
  const profile = useProfileStore();
  const sync = useSyncStore();

  // Tagged with the profile it was asked for: a switch mid-refresh must not
  // leave the next profile's button disabled or show the last one's outcome.
  const refreshingFor = ref<ProfileName | null>(null);
  const refreshing = computed(() => refreshingFor.value === profile.active);
  const refreshNote = ref('');
  const refreshError = ref<string | null>(null);
  /** The failure behind {@link refreshError}, kept so the view can offer its Details. */
  const refreshFailure = shallowRef<BridgeError | null>(null);

  const coverageQuery = useLiveQuery({
    db: () => profile.db,
    query: async (db) => parseCoverage((await db.meta.get(COVERAGE_META_KEY))?.value),
    initial: null,
  });
  const coverage = coverageQuery.value;
  /** The lists the service cut at its limit, with how many each returned. */
  const cut = computed(() =>
    cutLists(coverage.value).map((list) => ({
      list,
      count: coverage.value?.lists[list]?.count ?? 0,
    })),
  );

  /** The lists whose pages were not read to the end, and why. */
  const unfinished = computed(() => unfinishedLists(coverage.value));

  function describe(result: BridgeResult<CrawlSummary>): void {
    if (result.ok) {
      const n = result.value.fetched;
      refreshNote.value = t(
        'animals.toolbar.fetched',
        { n: formatNumber(n), time: formatClock(Date.now()) },
        n,
      );
    } else {
      // A 401 opens the key dialog through the sync engine, which saw it too.
      refreshError.value = errorMessage(result.error, { action: 'read' });
      refreshFailure.value = result.error;
    }
  }

  async function run(lane: RequestLane): Promise<BridgeResult<CrawlSummary>> {
    const engine = sync.engine ?? (await sync.whenEngine());
    if (engine === null) {
      return { ok: false, error: { kind: 'internal', message: 'Sync has not started yet.' } };
    }
    const result = await engine.refresh({ lane });
    lastRequests = result.ok ? result.value.requests : lastRequests;
    refusedUntil = result.ok ? null : (result.error.retryAt ?? null);
    schedule();
    return result;
  }

  /** Refreshes the whole catalogue now: the user is waiting for it. */
  async function refresh(): Promise<void> {
    const asked = profile.active;
    refreshingFor.value = asked;
    refreshError.value = null;
    refreshFailure.value = null;
    refreshNote.value = '';
    try {
      const result = await run('user');
      if (profile.active === asked) describe(result);
    } finally {
      if (refreshingFor.value === asked) refreshingFor.value = null;
    }
  }

  /**
   * Quietly revalidates the cache (a new key, a profile switch). Its outcome
   * shows in the connection indicator, not here.
   */
  function revalidate(): Promise<unknown> {
    return run('user');
  }

  // Background refresh.
  const autoPaused = ref(readAutoRefreshPaused(pageLocalStorage()));
  watch(autoPaused, (paused) => {
    writeAutoRefreshPaused(pageLocalStorage(), paused);
    schedule();
  });
  const nextAutoAt = ref<number | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRequests = 4;
  /** The `retryAt` of the last refresh, when the governor refused it. */
  let refusedUntil: number | null = null;

  function schedule(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    nextAutoAt.value = null;
    if (autoPaused.value || !mayScheduleRefresh(profile.activeInfo)) return;
    const now = Date.now();
    const delay = autoRefreshDelay(useRateLimitStore().state, lastRequests, now, refusedUntil);
    nextAutoAt.value = now + delay;
    timer = setTimeout(() => void tick(), delay);
  }

  async function tick(): Promise<void> {
    timer = null;
    if (!mayRefreshInBackground(sync.status, profile.activeInfo?.hasKey === true)) {
      nextAutoAt.value = Date.now() + RECHECK_MS;
      timer = setTimeout(() => void tick(), RECHECK_MS);
      return;
    }
    await run('background');
  }

  // Everything waiting to be sent has gone: what the service took in meanwhile
  // (other desks, the animals of an outage) is read now, not at the next
  // scheduled refresh, which then counts from this one (`run` reschedules).
  const stopFollowingQueue = sync.onQueueSent((name) => {
    const hasKey = profile.activeInfo?.hasKey === true;
    if (name === profile.active && mayRefreshAfterQueue(autoPaused.value, sync.status, hasKey)) {
      void run('background');
    }
  });

  watch(
    () => profile.active,
    () => {
      refreshNote.value = '';
      refreshError.value = null;
      refreshFailure.value = null;
      schedule();
    },
    { immediate: true },
  );
  // An address or a key set (or cleared) in Settings or the key dialog.
  watch(
    () => mayScheduleRefresh(profile.activeInfo),
    () => schedule(),
  );
  onScopeDispose(() => {
    if (timer !== null) clearTimeout(timer);
    stopFollowingQueue();
  });

  return {
    refreshing,
    refreshNote,
    refreshError,
    refreshFailure,
    refresh,
    revalidate,
    coverage,
    cut,
    unfinished,
    autoPaused,
    nextAutoAt,
  };
});
