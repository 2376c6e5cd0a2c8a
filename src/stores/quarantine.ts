import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { useLiveQuery } from '../data/live-query';
import type { CachedPet, QuarantineRow } from '../data/db';
import { orphanedPendingRows } from '../data/orphans';
import { quarantineCount, quarantinedRows } from '../data/quarantine';
import { storageReadProblem } from '../errors/storage-read';
import { t } from '../i18n';
import { quarantineExport, type QuarantineExport } from '../status/quarantine-text';
import { useProfileStore } from './profile';

/**
 * Records of the active profile that failed their check when read back and
 * were set aside (kept, never deleted), and pending animals left without a
 * queue entry. The count is always followed; the records themselves are only
 * read while the user has the list open.
 */
export const useQuarantineStore = defineStore('quarantine', () => {
  const profile = useProfileStore();
  /** True while the user looks at the records; only then are they read. */
  const listed = ref(false);

  const countQuery = useLiveQuery({
    db: () => profile.db,
    query: (db) => quarantineCount(db),
    initial: 0,
  });

  const rowsQuery = useLiveQuery({
    db: () => profile.db,
    source: () => listed.value,
    query: async (db, open): Promise<QuarantineRow[]> => (open ? quarantinedRows(db) : []),
    initial: [] as QuarantineRow[],
  });

  // Pending animals whose queue entry is gone: few or none, so read whole.
  const orphanQuery = useLiveQuery({
    db: () => profile.db,
    query: (db) => orphanedPendingRows(db),
    initial: [] as CachedPet[],
  });

  /** Animals shown as waiting to sync that nothing will ever send (their entry is gone). */
  const orphans = computed(() => orphanQuery.value.value);
  /** How many records are set aside. */
  const count = computed(() => countQuery.value.value);
  /** The records, oldest first, while {@link listed}. */
  const rows = computed(() => rowsQuery.value.value);
  /** Why they cannot be read; null while they can. */
  const error = computed(() =>
    storageReadProblem(
      countQuery.error.value ?? rowsQuery.error.value,
      t('status.read.quarantine'),
    ),
  );

  /** Every quarantined record as a JSON file, read fresh, for the user to save. */
  async function exportFile(): Promise<QuarantineExport> {
    const records = await quarantinedRows(await profile.whenDb());
    return quarantineExport(profile.active, records, Date.now());
  }

  return { listed, count, rows, orphans, error, exportFile };
});
