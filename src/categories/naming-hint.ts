/**
 * Whether the add form's hint to name the categories was put away, per
 * profile, in the page's storage: "Not now" is said once, not every morning.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import type { PageStorage } from '../browser/page-storage';

/** The naming pass's first name field, where the hint puts the cursor. */
export const NAMING_FIRST_FIELD = 'category-naming-first';

const key = (profile: ProfileName): string => `kennel.categoryNamingHint.${profile}`;

/** True once staff put the hint away for `profile`; unreadable storage counts as not. */
export function namingHintDismissed(storage: PageStorage, profile: ProfileName): boolean {
  try {
    return storage?.getItem(key(profile)) === 'dismissed';
  } catch {
    return false;
  }
}

/** Remembers that the hint was put away; a full storage only forgets it after a reload. */
export function dismissNamingHint(storage: PageStorage, profile: ProfileName): void {
  try {
    storage?.setItem(key(profile), 'dismissed');
  } catch {
    // Still put away for this session: the component keeps its own flag.
  }
}
