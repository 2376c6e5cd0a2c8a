import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { BridgeError } from '../../electron/contract/errors';
import { api, type KeyStorageInfo, type ProfileName } from '../api';
import { errorMessage } from '../errors/messages';
import { profileLabel } from '../format/profile';
import { t } from '../i18n';
import { useProfileStore } from './profile';

/** Why the key dialog is open, so it can say so. */
export type KeyDialogReason = 'missing' | 'rejected' | 'user';

/**
 * What went wrong in the dialog, kept as facts rather than a sentence so the
 * text follows a change of language and a bridge failure keeps its details.
 */
type KeyProblem =
  | { kind: 'empty' }
  | { kind: 'needs-base-url'; profile: ProfileName; error?: BridgeError }
  | { kind: 'bridge'; error: BridgeError };

function problemText(problem: KeyProblem): string {
  switch (problem.kind) {
    case 'empty':
      return t('settings.key.enterKey');
    case 'needs-base-url':
      return t('settings.key.setBaseUrlFirst', { profile: profileLabel(problem.profile) });
    case 'bridge':
      return errorMessage(problem.error);
  }
}

/**
 * The API key dialog. The key itself passes straight from the input to
 * `setKey` and is never kept here: the renderer must not hold it.
 */
export const useKeysStore = defineStore('keys', () => {
  const openFor = ref<ProfileName | null>(null);
  const reason = ref<KeyDialogReason>('user');
  const storageInfo = shallowRef<KeyStorageInfo | null>(null);
  // The question of where the key goes, still on its way from the Node side.
  let storageInfoRequest: Promise<void> = Promise.resolve();
  const problem = shallowRef<KeyProblem | null>(null);
  /** The sentence for the dialog, or null when all is well. */
  const error = computed(() => (problem.value === null ? null : problemText(problem.value)));
  /** The bridge failure behind {@link error}, for its Details; null for the dialog's own checks. */
  const failure = computed(() => {
    const now = problem.value;
    return now !== null && now.kind !== 'empty' ? (now.error ?? null) : null;
  });
  // The Node side said the profile cannot take a key yet (no base URL, or a
  // key kept for another address): the way on is Settings, not Save.
  const notConfigured = ref(false);
  const saving = ref(false);
  /** The profile whose key dialog gave way to Settings, to come back to after. */
  const resumeAfterSettings = ref<ProfileName | null>(null);
  /** Counts keys saved this session, so the app can revalidate with a new key. */
  const savedCount = ref(0);
  /** The profile of the last key saved; the profile session resumes its sync. */
  const lastSaved = ref<ProfileName | null>(null);
  // Profiles whose dialog the user cancelled this session; a missing key does
  // not reopen it on every profile switch, a 401 still does.
  const dismissed = new Set<ProfileName>();

  /**
   * True when the profile in the dialog has no base URL: a key is kept for the
   * address it was entered for, so one cannot be saved before there is one.
   */
  const needsBaseUrl = computed(() => {
    const name = openFor.value;
    if (name === null) return false;
    const info = useProfileStore().profiles.find((p) => p.name === name);
    return (info !== undefined && info.baseUrl === '') || notConfigured.value;
  });

  /** Opens the dialog for `profile` and learns where a key would be stored. */
  async function open(profile: ProfileName, why: KeyDialogReason): Promise<void> {
    if (why === 'missing' && dismissed.has(profile)) return;
    if (openFor.value === profile && why !== 'user') return;
    openFor.value = profile;
    reason.value = why;
    problem.value = null;
    notConfigured.value = false;
    storageInfo.value = null;
    storageInfoRequest = api.keyStorageInfo(profile).then((result) => {
      // The dialog may have been closed or moved on while we waited.
      if (openFor.value !== profile) return;
      if (result.ok) storageInfo.value = result.value;
      else problem.value = { kind: 'bridge', error: result.error };
    });
    await storageInfoRequest;
  }

  /**
   * True when this computer cannot keep a key encrypted, so the user chooses
   * between keeping it until Kennel closes and keeping it unencrypted. Never
   * chosen for them: plain storage needs their word.
   */
  const needsStorageChoice = computed(() => storageInfo.value?.plainStorageNeedsConsent === true);

  /**
   * Whether `key` goes on to the choice of where to keep it: only a key that
   * could be saved, on a computer that needs the choice (learnt first if the
   * Node side has not said yet). False sends it to {@link save}, which says
   * what is wrong with it, if anything.
   */
  async function needsChoiceFor(key: string): Promise<boolean> {
    if (key.trim() === '' || needsBaseUrl.value) return false;
    await storageInfoRequest;
    return needsStorageChoice.value;
  }

  /** Closes without saving. */
  function cancel(): void {
    if (openFor.value !== null) dismissed.add(openFor.value);
    close();
  }

  function close(): void {
    openFor.value = null;
    storageInfo.value = null;
    problem.value = null;
    notConfigured.value = false;
  }

  /**
   * Closes the dialog so the user can set the base URL in Settings first; it
   * comes back when Settings closes (see {@link settingsClosed}).
   */
  function toSettings(): void {
    resumeAfterSettings.value = openFor.value;
    close();
  }

  /**
   * Settings closed: reopens the key dialog it was opened from once the
   * profile has a base URL and still no key; a user who set none is not asked again.
   */
  function settingsClosed(): void {
    const name = resumeAfterSettings.value;
    resumeAfterSettings.value = null;
    if (name === null) return;
    const info = useProfileStore().profiles.find((p) => p.name === name);
    if (info === undefined || info.baseUrl === '' || info.hasKey) return;
    void open(name, 'user');
  }

  /**
   * Hands the key to the Node side. Where the computer has no keyring, the key
   * is kept until Kennel closes unless `acceptPlainStorage` (the user chose so
   * in the dialog's second step) lets it be stored unencrypted. Resolves true when it was kept; the
   * dialog then closes and {@link savedCount} moves on, which the profile
   * session turns into a sync with the new key.
   */
  async function save(key: string, acceptPlainStorage: boolean): Promise<boolean> {
    const profile = openFor.value;
    if (profile === null) return false;
    const trimmed = key.trim();
    if (trimmed === '') {
      problem.value = { kind: 'empty' };
      return false;
    }
    if (needsBaseUrl.value) {
      problem.value = { kind: 'needs-base-url', profile };
      return false;
    }
    saving.value = true;
    try {
      const options = acceptPlainStorage ? { acceptPlainStorage: true } : {};
      const result = await api.setKey(profile, trimmed, options);
      if (!result.ok) {
        notConfigured.value = result.error.kind === 'not-configured';
        // The way on from not-configured is Settings; the dialog says which profile's URL.
        problem.value = notConfigured.value
          ? { kind: 'needs-base-url', profile, error: result.error }
          : { kind: 'bridge', error: result.error };
        return false;
      }
      useProfileStore().replaceInfo(result.value);
      dismissed.delete(profile);
      lastSaved.value = profile;
      savedCount.value += 1;
      close();
      return true;
    } finally {
      saving.value = false;
    }
  }

  return {
    openFor,
    reason,
    storageInfo,
    needsStorageChoice,
    needsChoiceFor,
    error,
    failure,
    saving,
    savedCount,
    lastSaved,
    needsBaseUrl,
    open,
    cancel,
    save,
    toSettings,
    settingsClosed,
  };
});
