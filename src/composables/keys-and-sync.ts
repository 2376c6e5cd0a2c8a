import { watch } from 'vue';
import { useKeysStore } from '../stores/keys';
import { useProfileStore } from '../stores/profile';
import { useSyncStore } from '../stores/sync';

/**
 * Connects the key dialog and the sync engine, which know nothing of each
 * other: when the service refuses a profile's key the dialog asks for a new
 * one (waiting animals stay queued), and a key saved for the profile on
 * screen sends what is waiting at once. Returns the way to disconnect them.
 */
export function connectKeysAndSync(): () => void {
  const profile = useProfileStore();
  const keys = useKeysStore();
  const sync = useSyncStore();
  const stopAsking = sync.onUnauthorized((name) => void keys.open(name, 'rejected'));
  const stopSyncing = watch(
    () => keys.savedCount,
    () => {
      if (keys.lastSaved === profile.active) void sync.syncNow();
    },
  );
  return () => {
    stopAsking();
    stopSyncing();
  };
}
