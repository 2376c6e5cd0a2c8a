import { onMounted, onScopeDispose, watch } from 'vue';
import { useCatalogueStore } from '../stores/catalogue';
import { useKeysStore } from '../stores/keys';
import { useProfileStore } from '../stores/profile';
import { useRateLimitStore } from '../stores/rate-limit';
import { useSyncStore } from '../stores/sync';
import { useHistoryRetention } from './history-retention';
import { connectKeysAndSync } from './keys-and-sync';

/**
 * What happens around the active profile, wired once by the app root: mark the
 * page with the profile, load what the Node side knows, ask for a key the
 * first time a profile has none or when the service refuses it, resume
 * syncing once a key is saved ({@link connectKeysAndSync}), and revalidate
 * the cache in the background once a profile can talk to its service, and
 * keep the desk's history to the days the profile keeps it.
 */
export function useProfileSession(): void {
  const profile = useProfileStore();
  const keys = useKeysStore();
  const catalogue = useCatalogueStore();
  const sync = useSyncStore();
  const rateLimit = useRateLimitStore();

  watch(
    () => profile.active,
    (name) => {
      // CSS marks local and staging from this, on the whole page.
      document.body.dataset.profile = name;
    },
    { immediate: true },
  );

  // A new key (or a first one) is worth one request to learn where we stand.
  watch(
    [() => profile.active, () => profile.activeInfo?.hasKey, () => keys.savedCount],
    ([name, hasKey]) => {
      if (hasKey === false) void keys.open(name, 'missing');
      if (hasKey === true) {
        // Cache-first reads, revalidated quietly: the engine records what the
        // service answered (online, offline, paused) for the indicators.
        void catalogue.revalidate();
      }
    },
  );

  const disconnect = connectKeysAndSync();
  useHistoryRetention();

  // A profile switch may have changed keys or URLs in another window.
  watch(
    () => profile.active,
    () => void profile.load(),
  );

  onMounted(() => {
    void profile.load();
    rateLimit.start();
  });

  onScopeDispose(() => {
    disconnect();
    rateLimit.stop();
    void sync.stop();
  });
}
