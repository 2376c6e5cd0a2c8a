import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { PROFILES } from '../../electron/contract/profiles';
import {
  api,
  type BridgeError,
  type BridgeResult,
  type ProfileInfo,
  type ProfileName,
} from '../api';
import type { KennelDb } from '../data/db';
import { dbModule, profileDb } from '../data/layer';
import { errorMessage } from '../errors/messages';
import { profileLabel } from '../format/profile';
import { t } from '../i18n';
import { pageLocalStorage } from '../browser/page-storage';
import { readActiveProfile, writeActiveProfile } from './persisted-profile';

/**
 * The active profile and what the Node side knows about each profile. The
 * choice is remembered in `localStorage`; every other store follows `active`.
 */
export const useProfileStore = defineStore('profile', () => {
  const active = ref<ProfileName>(readActiveProfile(pageLocalStorage()));
  const profiles = shallowRef<ProfileInfo[]>([]);
  const loaded = ref(false);
  /** Why the profiles could not be read, kept whole for its details. */
  const loadFailure = shallowRef<BridgeError | null>(null);
  const loadError = computed(() =>
    loadFailure.value === null ? null : errorMessage(loadFailure.value),
  );

  const activeInfo = computed(() => profiles.value.find((p) => p.name === active.value) ?? null);
  /**
   * The active profile has no service address, so nothing taken in there
   * could ever be sent: intake refuses it (the add form and Import alike).
   * False before the profiles are known: the first animal is never refused on a guess.
   */
  const cannotTakeIn = computed(() => activeInfo.value?.baseUrl === '');
  /** What the add form and Import say while {@link cannotTakeIn}; null when intake is open. */
  const intakeRefusal = computed(() =>
    cannotTakeIn.value ? t('hold.noAddress', { profile: profileLabel(active.value) }) : null,
  );
  /**
   * The active profile's database, one shared instance per profile; null until
   * the data layer has loaded (after the list's first rows, `data/layer.ts`).
   */
  const db = computed<KennelDb | null>(() => dbModule.value?.openProfileDb(active.value) ?? null);

  /** The active profile's database, loading the data layer first if need be. */
  function whenDb(): Promise<KennelDb> {
    return profileDb(active.value);
  }

  // When each profile's info was last replaced here (a key or address just
  // saved), counted in replacements: a load asked for before that answers
  // with what the Node side knew then, and must not undo it.
  let replacements = 0;
  const replacedAt = new Map<ProfileName, number>();

  /** Asks the Node side for every profile's base URL and key state. */
  async function load(): Promise<void> {
    const askedAt = replacements;
    const result = await api.listProfiles();
    if (result.ok) {
      const current = profiles.value;
      profiles.value = result.value.map((fresh) => {
        const newer = (replacedAt.get(fresh.name) ?? 0) > askedAt;
        return (newer ? current.find((p) => p.name === fresh.name) : undefined) ?? fresh;
      });
      loadFailure.value = null;
    } else {
      loadFailure.value = result.error;
    }
    loaded.value = true;
  }

  /** Makes `profile` the active one; stores watching `active` switch their worlds. */
  function switchTo(profile: ProfileName): void {
    if (profile === active.value) return;
    active.value = profile;
    writeActiveProfile(pageLocalStorage(), profile);
  }

  /** Puts a fresh {@link ProfileInfo} (after a key or URL change) in place of the old one. */
  function replaceInfo(info: ProfileInfo): void {
    replacements += 1;
    replacedAt.set(info.name, replacements);
    const others = profiles.value.filter((p) => p.name !== info.name);
    profiles.value = [...others, info].sort((a, b) => order(a.name) - order(b.name));
  }

  /** Saves a base URL; the result's error is for the settings dialog to show. */
  async function saveBaseUrl(
    profile: ProfileName,
    baseUrl: string,
  ): Promise<BridgeResult<ProfileInfo>> {
    const result = await api.setBaseUrl(profile, baseUrl);
    if (result.ok) replaceInfo(result.value);
    return result;
  }

  return {
    active,
    profiles,
    loaded,
    loadError,
    loadFailure,
    activeInfo,
    cannotTakeIn,
    intakeRefusal,
    db,
    whenDb,
    load,
    switchTo,
    replaceInfo,
    saveBaseUrl,
  };
});

function order(name: ProfileName): number {
  return PROFILES.indexOf(name);
}
