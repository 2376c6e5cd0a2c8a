/**
 * The animals already on this computer that the import's rows would repeat,
 * by name or by chip, read from the profile's database after each check.
 * Part of the import store (`stores/import.ts`).
 */
import { ref, shallowRef, type ShallowRef } from 'vue';
import { findEarlierByKeys } from '../../animals/earlier';
import type { EarlierByKey } from '../../animals/duplicates';
import { findChipOwners, type ChipOwners } from '../../import/chip-owners';
import { pause } from '../../import/pause';
import { lookupKeys, rowChips, type CheckedRow } from '../../import/rows';
import { useProfileStore } from '../profile';

export function useEarlierLookup(ruled: Readonly<ShallowRef<readonly CheckedRow[]>>) {
  const profile = useProfileStore();
  const earlier = shallowRef<EarlierByKey>(new Map());
  /** The animals on this computer that already have a row's chip. */
  const chipOwners = shallowRef<ChipOwners>(new Map());
  /** When the earlier animals were read, for "added 3 minutes ago". */
  const checkedAt = ref(Date.now());

  // A lookup answer for another database or an older set of rows is dropped.
  let lookup = 0;
  async function lookUpEarlier(): Promise<EarlierByKey> {
    const ticket = ++lookup;
    const asked = profile.active;
    const db = await profile.whenDb();
    // Not in the task that drew the checked rows: Dexie sorts every key for its look-up.
    await pause();
    const now = Date.now();
    const found = await findEarlierByKeys(db, lookupKeys(ruled.value), now);
    const owners = await findChipOwners(db, rowChips(ruled.value));
    if (ticket === lookup && asked === profile.active) {
      earlier.value = found;
      chipOwners.value = owners;
      checkedAt.value = now;
    }
    return found;
  }

  function refresh(): void {
    lookUpEarlier().catch(() => {
      // Without the lookup, rows are checked against the file alone; the Add
      // checks again and says so if it cannot.
    });
  }

  /** Forgets what was found, for new rows or another profile. */
  function forget(): void {
    earlier.value = new Map();
    chipOwners.value = new Map();
  }

  return { earlier, chipOwners, checkedAt, lookUpEarlier, refresh, forget };
}
