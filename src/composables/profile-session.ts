import { onMounted, onScopeDispose, watch } from 'vue';
import { usePetsStore } from '../stores/pets';
import { useKeysStore } from '../stores/keys';
import { useProfileStore } from '../stores/profile';
import { useRateLimitStore } from '../stores/rate-limit';
import { useSyncStore } from '../stores/sync';

/**
 * What happens around the active profile, wired once by the app root: mark the
 * page with the profile, load what the Node side knows, ask for a key the
 * first time a profile has none, and revalidate the cache in the background
 * once a profile can talk to its service.
 */
export function useProfileSession(): void {
  const profile = useProfileStore();
  const keys = useKeysStore();
  const pets = usePetsStore();
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
        void pets.revalidate();
      }
    },
  );

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
    rateLimit.stop();
    void sync.engine?.stop();
  });
}
