import type { ProfileName } from '../../electron/contract/profiles';

/** Database name of a profile. Kept apart from `db.ts` so naming one loads no Dexie. */
export function profileDbName(profile: ProfileName): string {
  return `kennel-${profile}`;
}
