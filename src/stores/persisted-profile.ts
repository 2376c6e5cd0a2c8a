import { PROFILES, type ProfileName } from '../../electron/contract';

/** `localStorage` key of the profile the app opens with. */
export const ACTIVE_PROFILE_KEY = 'kennel.activeProfile';

/** The profile used when none was chosen yet: the bundled local reference service. */
export const DEFAULT_PROFILE: ProfileName = 'local';

type ProfileStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

/** True for one of the known profile names. */
export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && (PROFILES as readonly string[]).includes(value);
}

/** The stored active profile; anything unknown or unreadable falls back to the default. */
export function readActiveProfile(storage: ProfileStorage): ProfileName {
  try {
    const stored = storage?.getItem(ACTIVE_PROFILE_KEY);
    return isProfileName(stored) ? stored : DEFAULT_PROFILE;
  } catch {
    return DEFAULT_PROFILE;
  }
}

/** Remembers the active profile; a full or disabled storage only costs the memory of it. */
export function writeActiveProfile(storage: ProfileStorage, profile: ProfileName): void {
  try {
    storage?.setItem(ACTIVE_PROFILE_KEY, profile);
  } catch {
    // The choice still holds for this session.
  }
}

/** The page's `localStorage`, or null where it is unavailable. */
export function pageLocalStorage(): ProfileStorage {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
