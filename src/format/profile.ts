import type { ProfileName } from '../../electron/contract';

const LABELS: Record<ProfileName, string> = {
  local: 'Local',
  staging: 'Staging',
  production: 'Production',
};

/** The profile's name as people read it: "Local", "Staging", "Production". */
export function profileLabel(profile: ProfileName): string {
  return LABELS[profile];
}

/** The badge text marking non-production profiles; empty for production. */
export function profileBadge(profile: ProfileName): string {
  return profile === 'production' ? '' : profile.toUpperCase();
}
