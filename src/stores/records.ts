import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { IntakeRecord, RecordDraft, StoredPhoto } from '../data/intake-record';
import { useLiveQuery } from '../data/live-query';
import { readAllRecords, readPhoto, saveRecord } from '../data/records';
import { describeStorageError } from '../data/storage';
import { readStrayHoldDays, saveStrayHoldDays } from '../data/stray-hold';
import { DEFAULT_STRAY_HOLD_DAYS } from '../data/intake-record';
import { t } from '../i18n';
import { useProfileStore } from './profile';

/** The result of saving a record: done, or why nothing changed, in a sentence. */
export type RecordSave = { ok: true } | { ok: false; problem: string };

/**
 * The active profile's intake records, read live from its database (photos
 * apart, read one at a time), so the list, details, cards and search see a
 * change made in any window at once.
 */
export const useRecordsStore = defineStore('records', () => {
  const profile = useProfileStore();
  const records = useLiveQuery({
    db: () => profile.db,
    query: (db) => readAllRecords(db),
    initial: [] as IntakeRecord[],
  });
  const strayHold = useLiveQuery({
    db: () => profile.db,
    query: (db) => readStrayHoldDays(db),
    initial: DEFAULT_STRAY_HOLD_DAYS,
  });

  /** Records by the animal's key. */
  const byKey = computed(() => new Map(records.value.value.map((record) => [record.key, record])));
  /** The profile's stray hold in days. */
  const strayHoldDays = computed(() => strayHold.value.value);

  function recordOf(key: string): IntakeRecord | undefined {
    return byKey.value.get(key);
  }

  /** The keys of the animals whose chip is `chip` (normalised). */
  function keysWithChip(chip: string): string[] {
    return records.value.value.filter((record) => record.chip === chip).map((r) => r.key);
  }

  /** Saves the record of an animal already in the list; a full disk changes nothing. */
  async function save(key: string, draft: RecordDraft): Promise<RecordSave> {
    try {
      await saveRecord(await profile.whenDb(), key, draft);
      return { ok: true };
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) ?? t('records.saveFailed') };
    }
  }

  async function photoOf(key: string): Promise<StoredPhoto | undefined> {
    return readPhoto(await profile.whenDb(), key);
  }

  async function setStrayHoldDays(days: number): Promise<number> {
    return saveStrayHoldDays(await profile.whenDb(), days);
  }

  return {
    records: computed(() => records.value.value),
    byKey,
    strayHoldDays,
    recordOf,
    keysWithChip,
    save,
    photoOf,
    setStrayHoldDays,
  };
});
