import { PROFILES, type ProfileName } from '../../contract/index';
import type { ProfileRegistry } from '../profiles/profiles';

/** The origin each profile pointed at when the core was created; null where it had none. */
export type StartOrigins = (profile: ProfileName) => Promise<string | null>;

/**
 * Resolves every profile's base URL once, now, before any bridge call can
 * change it (the registry reads `config.json` on its first use and keeps what
 * it read). A key from the environment is bound to these origins: whoever sets
 * the environment chose them, while a later `setBaseUrl` comes from the page.
 */
export function resolveStartOrigins(profiles: ProfileRegistry): StartOrigins {
  const origins = new Map<ProfileName, Promise<string | null>>(
    PROFILES.map((profile) => [
      profile,
      profiles.resolve(profile).then(
        (settings) => (settings.baseUrl === '' ? null : new URL(settings.baseUrl).origin),
        () => null,
      ),
    ]),
  );
  return (profile) => origins.get(profile) ?? Promise.resolve(null);
}
