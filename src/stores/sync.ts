import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import { api, type ProfileName } from '../api';
import type { KennelDb, OutboxEntry } from '../data/db';
import { profileDb } from '../data/layer';
import { correctEntry } from '../data/correction';
import { needsAttention, waitingCount } from '../data/outbox-reads';
import { resendEntry } from '../data/resend';
import { discardEntry } from '../data/take-back';
import { checkAnimal, type AnimalProblems, type AnimalText } from '../animals/intake-rules';
import { isOutboxEntryError } from '../data/outbox-entry-error';
import { describeStorageError } from '../data/storage';
import { storageReadProblem } from '../errors/storage-read';
import { deskError } from '../errors/desk-error';
import type { SyncEngine } from '../sync/engine';
import { initialStatus, type SyncStatus } from '../sync/sync-status';
import { useLiveQuery } from '../data/live-query';
import { t } from '../i18n';
import { decideNotices, FRESH_MEMORY, type NotifyMemory } from '../sync/notify';
import { loadLastSyncAt } from '../sync/status-mirror';
import { showNotice } from '../sync/notify-delivery';
import { useCategoriesStore } from './categories';
import { afterRowsDrawn } from '../browser/after-rows-drawn';
import { usePetsStore } from './pets';
import { useProfileStore } from './profile';

const IDLE: SyncStatus = initialStatus();

/**
 * The engine's code is a chunk of its own: the list's first rows do not need
 * it, so it is fetched once they have been read (or failed to be), not before.
 */
const loadEngine = () => import('../sync/engine');

/** The outcome of a user action on an outbox entry: done, or what to show. */
export type EntryActionResult =
  { ok: true } | { ok: false; message: string; errors?: AnimalProblems };

/**
 * The active profile's sync engine and outbox. One engine per profile, started
 * when the profile becomes active and stopped when another one does, so an
 * entry is only ever sent to the profile it was created in.
 */
export const useSyncStore = defineStore('sync', () => {
  const profile = useProfileStore();
  const categories = useCategoriesStore();
  const pets = usePetsStore();
  const engine = shallowRef<SyncEngine | null>(null);
  // Told when the service refuses a profile's key; the profile session asks for a new one.
  const unauthorizedListeners = new Set<(name: ProfileName) => void>();
  const queueSentListeners = new Set<(name: ProfileName) => void>();

  /** Calls `listener` whenever the service refuses the key; returns how to stop. */
  function onUnauthorized(listener: (name: ProfileName) => void): () => void {
    unauthorizedListeners.add(listener);
    return () => unauthorizedListeners.delete(listener);
  }

  /**
   * Calls `listener` in the window that sends, each time everything waiting to
   * be sent has gone (held animals included); returns how to stop.
   */
  function onQueueSent(listener: (name: ProfileName) => void): () => void {
    queueSentListeners.add(listener);
    return () => queueSentListeners.delete(listener);
  }

  // Its code could not load: nothing can be sent, and the status says so.
  const loadFailed = shallowRef(false);
  const status = computed<SyncStatus>(
    () =>
      engine.value?.status.value ??
      (loadFailed.value
        ? { ...IDLE, lastError: deskError(new Error('sync code did not load')) }
        : IDLE),
  );

  const waitingQuery = useLiveQuery({
    db: () => profile.db,
    query: async (db) => ({ db, count: await waitingCount(db) }),
    initial: null as { db: KennelDb; count: number } | null,
  });
  /**
   * How many entries wait to be sent; null until the active profile's queue has
   * been read, so a fresh window or a profile switch never says "0 waiting"
   * about a queue it has not looked at.
   */
  const waiting = computed(() => {
    const answer = waitingQuery.value.value;
    return answer !== null && answer.db === profile.db ? answer.count : null;
  });

  const lastSyncQuery = useLiveQuery({
    db: () => profile.db,
    query: async (db) => ({ db, at: await loadLastSyncAt(db) }),
    initial: null as { db: KennelDb; at: number | null } | null,
  });
  /**
   * When the service last answered this profile well (a refresh, a probe, a
   * create), in whichever window; null when it never has. Read from `meta`,
   * which every window writes, as well as from the engine's status.
   */
  const lastSyncAt = computed(() => {
    const answer = lastSyncQuery.value.value;
    const stored = answer !== null && answer.db === profile.db ? answer.at : null;
    const reported = status.value.lastSyncAt;
    if (stored === null || reported === null) return stored ?? reported;
    return Math.max(stored, reported);
  });

  const attentionQuery = useLiveQuery({
    db: () => profile.db,
    query: (db) => needsAttention(db),
    initial: [] as OutboxEntry[],
  });
  const attention = attentionQuery.value;

  /**
   * Why the queue cannot be read from this computer's database; null while it
   * reads fine. Shown so "0 waiting" is never a failure in disguise.
   */
  const queueError = computed(() =>
    storageReadProblem(
      waitingQuery.error.value ?? attentionQuery.error.value,
      t('status.read.queue'),
    ),
  );

  // Each start or stop supersedes an engine whose code is still loading.
  let activation = 0;
  let ready: Promise<SyncEngine | null> = Promise.resolve(null);

  /** Stops the engine, and one still loading from ever starting. */
  function stop(): Promise<void> {
    activation += 1;
    const running = engine.value;
    engine.value = null;
    return running?.stop() ?? Promise.resolve();
  }

  watch(
    () => profile.active,
    (name) => {
      void stop();
      const mine = activation;
      loadFailed.value = false;
      ready = afterFirstPage()
        .then(() => Promise.all([loadEngine(), profileDb(name)]))
        .then(
          ([{ createSyncEngine }, db]) => {
            if (mine !== activation) return null;
            const next = createSyncEngine({
              profile: name,
              db,
              api,
              onUnauthorized: () => {
                for (const listener of unauthorizedListeners) listener(name);
              },
              onQueueSent: () => {
                for (const listener of queueSentListeners) listener(name);
              },
            });
            engine.value = next;
            next.start();
            return next;
          },
          () => {
            if (mine === activation) loadFailed.value = true;
            return null;
          },
        );
    },
    { immediate: true },
  );

  /** Resolves once the list's first page has answered or failed, and the frame showing it was drawn. */
  function afterFirstPage(): Promise<void> {
    return new Promise((resolve) => {
      if (pets.firstPageSettled) {
        afterRowsDrawn(resolve);
        return;
      }
      const stopWatching = watch(
        () => pets.firstPageSettled,
        (settled) => {
          if (!settled) return;
          stopWatching();
          afterRowsDrawn(resolve);
        },
      );
    });
  }

  /** The active profile's engine once its code has loaded; null if it could not, or was stopped. */
  function whenEngine(): Promise<SyncEngine | null> {
    return ready;
  }

  // Desktop notices: only the window that sends tells, so several tabs notify once.
  let noticeMemory: NotifyMemory = FRESH_MEMORY;
  watch(
    () => profile.active,
    () => {
      noticeMemory = FRESH_MEMORY;
    },
  );
  watch([status, waiting, attention], ([current, count, entries]) => {
    if (count === null) return;
    const decided = decideNotices(noticeMemory, {
      connection: current.connection,
      waiting: count,
      attention: entries.map((entry) => ({ id: entry.id, name: entry.payload.name })),
    });
    noticeMemory = decided.memory;
    if (current.isLeader) for (const notice of decided.notices) showNotice(notice);
  });

  /** Replays the outbox now instead of waiting for the next tick. */
  async function syncNow(): Promise<void> {
    await engine.value?.syncNow();
  }

  /**
   * "Try again now" on a long pause: asks the Node side to end it. When it
   * did, the answer's rate view tells the leading window's engine, which sends
   * what waited. False when the pause could not be ended (see `endPause`).
   */
  async function endPause(): Promise<boolean> {
    const result = await api.endPause(profile.active);
    return result.ok && result.value;
  }

  async function entryAction(action: () => Promise<unknown>): Promise<EntryActionResult> {
    try {
      await action();
      return { ok: true };
    } catch (err) {
      if (isOutboxEntryError(err)) return { ok: false, message: t(`data.entry.${err.reason}`) };
      return {
        ok: false,
        message: describeStorageError(err) ?? t('status.attention.changeFailed'),
      };
    }
  }

  /** Sends a refused entry again unchanged. */
  async function resend(id: string): Promise<EntryActionResult> {
    const result = await entryAction(async () => resendEntry(await profile.whenDb(), id));
    if (result.ok) void syncNow();
    return result;
  }

  /**
   * Replaces a refused entry's animal with the user's correction and queues it
   * again. The correction is checked by the add form's rules, so its category
   * may be a name from the profile's list or a number.
   */
  async function edit(id: string, text: AnimalText): Promise<EntryActionResult> {
    const checked = checkAnimal(text, categories.index);
    if (!checked.ok) {
      return { ok: false, message: t('status.attention.correctFields'), errors: checked.errors };
    }
    const result = await entryAction(async () => {
      await correctEntry(await profile.whenDb(), id, checked.value);
    });
    if (!result.ok) return result;
    void syncNow();
    return { ok: true };
  }

  /** Removes a refused entry and its pending animal, after the user confirmed. */
  function discard(id: string): Promise<EntryActionResult> {
    return entryAction(async () => discardEntry(await profile.whenDb(), id));
  }

  return {
    engine,
    whenEngine,
    stop,
    status,
    waiting,
    lastSyncAt,
    attention,
    queueError,
    syncNow,
    endPause,
    onUnauthorized,
    onQueueSent,
    resend,
    edit,
    discard,
  };
});
