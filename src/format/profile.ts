import type { ProfileName } from '../../electron/contract/profiles';
import { t } from '../i18n';

/** The profile's name as people read it, in their language: "Local", "Staging", "Production". */
export function profileLabel(profile: ProfileName): string {
  return t(`common.profile.${profile}`);
}
