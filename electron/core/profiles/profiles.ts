import type { ProfileInfo, ProfileName } from '../../contract/profiles';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { normaliseBaseUrl } from './base-url';
import { readConfig, writeConfig, type KennelConfig } from './config-file';

/** Where each profile points by default: only `local` has one (the reference service). */
const DEFAULT_BASE_URLS: Record<ProfileName, string> = {
  local: 'http://127.0.0.1:4010/v1',
  staging: '',
  production: '',
};

/** A profile's resolved base URL and where it came from. */
interface ProfileSettings {
  /** Normalised, ending in `/v1`; empty when none is usable. */
  baseUrl: string;
  source: ProfileInfo['baseUrlSource'];
  /** Why the configured value is unusable (then `baseUrl` is empty). */
  problem: string | null;
}

/** Base URLs of the profiles: env > config file > default. */
export interface ProfileRegistry {
  resolve(profile: ProfileName): Promise<ProfileSettings>;
  /** Saves a base URL in the config file; `''` removes it. Refused when env sets it. */
  setBaseUrl(profile: ProfileName, baseUrl: string): Promise<ProfileSettings>;
  /**
   * When the profile's service was proven to honour `Idempotency-Key`, at its
   * current base URL; null when it never was (or only at another URL).
   */
  idempotencyProvenAt(profile: ProfileName): Promise<number | null>;
  /** Keeps the proof that the service at the profile's current base URL honours the key. */
  recordIdempotencyProof(profile: ProfileName, at: number): Promise<void>;
}

/**
 * Set beside `KENNEL_LOCAL_URL` by the launch scripts when the URL is that of
 * the reference service they started, so Settings does not credit the user's
 * environment with a value Kennel chose.
 */
export const LOCAL_URL_SET_BY = 'KENNEL_LOCAL_URL_SET_BY';
/** The value of {@link LOCAL_URL_SET_BY} the launch scripts write. */
export const SET_BY_LAUNCHER = 'kennel';

function envSource(
  env: Record<string, string | undefined>,
  profile: ProfileName,
): ProfileSettings['source'] {
  return profile === 'local' && env[LOCAL_URL_SET_BY] === SET_BY_LAUNCHER ? 'launcher' : 'env';
}

/** Name of the environment variable that overrides a profile's base URL. */
export function urlEnvName(profile: ProfileName): string {
  return `KENNEL_${profile.toUpperCase()}_URL`;
}

function settle(raw: string, source: ProfileSettings['source'], label: string): ProfileSettings {
  if (raw.trim() === '') return { baseUrl: '', source: 'unset', problem: null };
  try {
    return { baseUrl: normaliseBaseUrl(raw), source, problem: null };
  } catch (err) {
    const why = err instanceof InvalidArgumentError ? err.message : 'It is not a valid URL.';
    return { baseUrl: '', source, problem: `The base URL from ${label} is not usable. ${why}` };
  }
}

/** The profile's base URL as `KENNEL_<PROFILE>_URL` sets it; null when the variable is unset. */
function envSettings(
  env: Record<string, string | undefined>,
  profile: ProfileName,
): ProfileSettings | null {
  const fromEnv = env[urlEnvName(profile)];
  if (fromEnv === undefined || fromEnv.trim() === '') return null;
  return settle(fromEnv, envSource(env, profile), urlEnvName(profile));
}

function defaultSettings(profile: ProfileName): ProfileSettings {
  const fallback = DEFAULT_BASE_URLS[profile];
  return fallback === ''
    ? { baseUrl: '', source: 'unset', problem: null }
    : settle(fallback, 'default', 'the defaults');
}

/**
 * The base URL whoever started Kennel chose for a profile: `KENNEL_<PROFILE>_URL`,
 * else the built-in default; '' when neither gives a usable one. The settings
 * file is left out on purpose: the page writes it (`setBaseUrl`), so an address
 * found there may have been chosen by whatever ran in the page last time.
 */
export function launchBaseUrl(
  env: Record<string, string | undefined>,
  profile: ProfileName,
): string {
  return (envSettings(env, profile) ?? defaultSettings(profile)).baseUrl;
}

/** Creates the registry over a data folder and an environment. */
export function createProfileRegistry(options: {
  dataDir: string;
  env: Record<string, string | undefined>;
}): ProfileRegistry {
  let loaded: Promise<{ config: KennelConfig; problem: string | null }> | null = null;
  const load = (): Promise<{ config: KennelConfig; problem: string | null }> =>
    (loaded ??= readConfig(options.dataDir));

  async function resolve(profile: ProfileName): Promise<ProfileSettings> {
    const fromEnv = envSettings(options.env, profile);
    if (fromEnv !== null) return fromEnv;
    const { config } = await load();
    const fromConfig = config.baseUrls[profile];
    if (fromConfig !== undefined && fromConfig.trim() !== '') {
      return settle(fromConfig, 'config', 'the settings file');
    }
    return defaultSettings(profile);
  }

  async function save(next: KennelConfig, problem: string | null): Promise<void> {
    await writeConfig(options.dataDir, next, problem);
    loaded = Promise.resolve({ config: next, problem: null });
  }

  // Every change reads the whole file and writes it back: two at once (a proof
  // recorded while the user saves a base URL) would each drop the other's.
  let changing: Promise<unknown> = Promise.resolve();
  function change<T>(step: () => Promise<T>): Promise<T> {
    const run = changing.then(step);
    changing = run.catch(() => undefined);
    return run;
  }

  return {
    resolve,
    async idempotencyProvenAt(profile) {
      const { baseUrl } = await resolve(profile);
      const proof = (await load()).config.idempotencyProofs[profile];
      return baseUrl !== '' && proof?.baseUrl === baseUrl ? proof.provenAt : null;
    },
    recordIdempotencyProof: (profile, at) =>
      change(async () => {
        const { baseUrl } = await resolve(profile);
        if (baseUrl === '') return;
        const { config, problem } = await load();
        if (config.idempotencyProofs[profile]?.baseUrl === baseUrl) return;
        const proofs = { ...config.idempotencyProofs, [profile]: { baseUrl, provenAt: at } };
        await save({ ...config, idempotencyProofs: proofs }, problem);
      }),
    async setBaseUrl(profile, baseUrl) {
      const envName = urlEnvName(profile);
      const fromEnv = options.env[envName];
      if (fromEnv !== undefined && fromEnv.trim() !== '') {
        throw new InvalidArgumentError(
          `The ${profile} base URL is set by the ${envName} environment variable and cannot be changed here.`,
          { field: 'baseUrl' },
        );
      }
      const normalised = baseUrl.trim() === '' ? '' : normaliseBaseUrl(baseUrl);
      return change(async () => {
        const { config, problem } = await load();
        const next: KennelConfig = {
          baseUrls: { ...config.baseUrls },
          idempotencyProofs: { ...config.idempotencyProofs },
        };
        if (normalised === '') delete next.baseUrls[profile];
        else next.baseUrls[profile] = normalised;
        await save(next, problem);
        return resolve(profile);
      });
    },
  };
}
