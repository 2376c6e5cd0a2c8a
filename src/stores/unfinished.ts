import type { Subscription } from 'dexie';
import { defineStore } from 'pinia';
import { computed, onScopeDispose, shallowRef, watch } from 'vue';
import type { UnfinishedReport } from '../../electron/contract/closing';
import type { ProfileName } from '../api';
import type { KennelDb } from '../data/db';
import { heldEntries, sendHeldNow } from '../data/held-entries';
import { dbModule } from '../data/layer';
import { profilesWithData, unfinishedCounts, type UnfinishedCounts } from '../data/unfinished';
import { closingAsks, deskReport, type CountsByProfile } from '../status/desk-unfinished';
import { useIntakeStore } from './intake';
import { useProfileStore } from './profile';
import { useSyncStore } from './sync';

/** Passes of the queue "Send now and close" waits for, while each one sends something. */
const SEND_PASSES = 3;

/**
 * What is unfinished on this desk, in every profile that has data here: the
 * outbox of each is counted again after every write to it (in this window or
 * another), so the question asked at a close is ready at once, as
 * `beforeunload` needs. Counted once the data layer has loaded; until then
 * nothing is known, and nothing is asked.
 */
export const useUnfinishedStore = defineStore('unfinished', () => {
  const profile = useProfileStore();
  const sync = useSyncStore();
  const intake = useIntakeStore();
  const counts = shallowRef<CountsByProfile>({});
  const watching = new Map<ProfileName, { db: KennelDb; subscription: Subscription }>();

  function put(name: ProfileName, of: UnfinishedCounts): void {
    counts.value = { ...counts.value, [name]: of };
  }

  function follow(name: ProfileName): void {
    const module = dbModule.value;
    if (module === null || watching.has(name)) return;
    const db = module.openProfileDb(name);
    const subscription = db
      .live(() => unfinishedCounts(db, Date.now()))
      .subscribe({
        next: (of) => put(name, of),
        // A database that cannot be read (written by a newer Kennel) says so on its own screens.
        error: () => undefined,
      });
    watching.set(name, { db, subscription });
  }

  watch(
    [dbModule, () => profile.active],
    ([module, active]) => {
      if (module === null) return;
      follow(active);
      void profilesWithData().then((names) => names.forEach(follow));
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    for (const { subscription } of watching.values()) subscription.unsubscribe();
    watching.clear();
  });

  /** The whole desk's report, as the desktop app's main process is told it. */
  const report = computed<UnfinishedReport>(() =>
    deskReport(
      counts.value,
      profile.active,
      sync.status.connection === 'online',
      intake.lookAlikes.length + intake.notSaved.length + intake.pending,
    ),
  );
  /** Anything at all is unfinished: a close asks first. */
  const asks = computed(() => closingAsks(report.value));

  /** Counts every profile followed again now: a hold that ended since is waiting by now. */
  async function recount(): Promise<UnfinishedReport> {
    const now = Date.now();
    await Promise.all(
      [...watching].map(async ([name, { db }]) => {
        try {
          put(name, await unfinishedCounts(db, now));
        } catch {
          // Kept as last counted.
        }
      }),
    );
    return report.value;
  }

  /**
   * "Send now and close": ends the holds of the profile on screen and sends
   * what waits, for as long as each pass sends something; resolves to what
   * is left. What is being corrected or needs attention is not sent.
   */
  async function sendNow(): Promise<UnfinishedReport> {
    const db = await profile.whenDb();
    await sendHeldNow(
      db,
      (await heldEntries(db)).map((entry) => entry.id),
    );
    let left = (await recount()).sendable;
    for (let pass = 0; pass < SEND_PASSES && left > 0; pass += 1) {
      await sync.syncNow();
      const after = (await recount()).sendable;
      if (after >= left) break;
      left = after;
    }
    return report.value;
  }

  return { counts, report, asks, recount, sendNow };
});
