import { isProfileName, type ProfileName } from '../../electron/contract/profiles';
import type { PageStorage } from '../browser/page-storage';

/** `localStorage` key of the profile the app opens with. */
const ACTIVE_PROFILE_KEY = 'kennel.activeProfile';

/** The profile used when none was chosen yet: the bundled local reference service. */
const DEFAULT_PROFILE: ProfileName = 'local';

/** The stored active profile; anything unknown or unreadable falls back to the default. */
export function readActiveProfile(storage: PageStorage): ProfileName {
  try {
    const stored = storage?.getItem(ACTIVE_PROFILE_KEY);
    return isProfileName(stored) ? stored : DEFAULT_PROFILE;
  } catch {
    return DEFAULT_PROFILE;
  }
}

/** Remembers the active profile; a full or disabled storage only costs the memory of it. */
export function writeActiveProfile(storage: PageStorage, profile: ProfileName): void {
  try {
    storage?.setItem(ACTIVE_PROFILE_KEY, profile);
  } catch {
    // The choice still holds for this session.
  }
}
