import type { ProfileName } from '../../contract/profiles';
import { launchBaseUrl } from '../profiles/profiles';

/** The one origin a profile's key from the environment may be sent to; null where there is none. */
export type EnvKeyOrigins = (profile: ProfileName) => string | null;

/**
 * Binds each `KENNEL_<PROFILE>_KEY` to the address whoever set the environment
 * chose with it: `KENNEL_<PROFILE>_URL`, else the built-in default. Never to
 * one the app saved, now or in an earlier run, since the page can save any
 * address (`setBaseUrl`) and would otherwise choose where the key goes.
 */
export function envKeyOrigins(env: Record<string, string | undefined>): EnvKeyOrigins {
  return (profile) => {
    const baseUrl = launchBaseUrl(env, profile);
    return baseUrl === '' ? null : new URL(baseUrl).origin;
  };
}
