import type { KeyStorage, ProfileName, SetKeyOptions } from '../../contract/profiles';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { NotConfiguredError } from '../errors/not-configured-error';
import { checkApiKey } from '../keys/key-format';
import type { StoredKey } from '../keys/key-record';
import type { KeyStore } from '../keys/key-store';
import { urlEnvName } from '../profiles/profiles';
import type { EnvKeyOrigins } from './env-key-origins';

/** Name of the environment variable that seeds a profile's key for headless runs. */
function keyEnvName(profile: ProfileName): string {
  return `KENNEL_${profile.toUpperCase()}_KEY`;
}

/** Whether a profile has a key it may use at its current origin, and where that key lives. */
interface KeyState {
  hasKey: boolean;
  storage: KeyStorage;
}

/**
 * The key store plus the keys seeded from the environment. A stored key wins
 * (the user set it after launch) as long as it was entered for the profile's
 * current origin; a key entered for another address is treated as no key. A
 * seeded one is held in memory and reported as `session`, and it is bound in
 * the same way: to `KENNEL_<PROFILE>_URL`, else the built-in default, never to
 * an address the app saved. Stored keys are read (and decrypted) once and then
 * kept in memory until they are set or cleared. Also remembers every key it
 * handed out, so error messages can be scrubbed of them.
 */
export interface KeyVault {
  /** The key to send to `origin`, or a `NotConfiguredError` saying why there is none. */
  require(profile: ProfileName, origin: string): Promise<string>;
  /** For the profile list: never throws for a key that is unusable, it is just no key. */
  state(profile: ProfileName, origin: string | null): Promise<KeyState>;
  /** Stores `key` for use at `origin` only. */
  set(
    profile: ProfileName,
    key: string,
    origin: string,
    options: SetKeyOptions,
  ): Promise<KeyStorage>;
  clear(profile: ProfileName): Promise<void>;
  /** Keys this process has seen; never leaves the Node side. */
  secrets(): string[];
}

function mismatch(profile: ProfileName, stored: StoredKey, origin: string): NotConfiguredError {
  const where =
    stored.origin === null
      ? 'was saved without the address it belongs to'
      : `was entered for ${stored.origin}`;
  return new NotConfiguredError(
    `The saved ${profile} API key ${where}, not ${origin}; enter the key for this address in Settings.`,
  );
}

/** Why a key from the environment is not sent to `origin`. */
function seedMismatch(
  profile: ProfileName,
  boundTo: string | null,
  origin: string,
): NotConfiguredError {
  const name = keyEnvName(profile);
  if (boundTo === null) {
    return new NotConfiguredError(
      `The ${profile} API key from ${name} is only sent to the address in ${urlEnvName(profile)}, which is not set or not usable; set it as well, or enter the key for ${origin} in Settings.`,
    );
  }
  return new NotConfiguredError(
    `The ${profile} API key from ${name} is for ${boundTo}, not ${origin}; enter the key for this address in Settings.`,
  );
}

/**
 * Creates the vault over a store and an environment. `envOrigins` gives the
 * origin each environment key is bound to.
 */
export function createKeyVault(
  store: KeyStore,
  env: Record<string, string | undefined>,
  envOrigins: EnvKeyOrigins,
): KeyVault {
  const seeds = new Map<ProfileName, string>();
  const seedProblems = new Map<ProfileName, string>();
  const seen = new Set<string>();
  // One read (one decryption) per profile; a failed read is not kept, so a fixed file is seen.
  const cache = new Map<ProfileName, Promise<StoredKey | null>>();

  function seedOf(profile: ProfileName): string | undefined {
    const name = keyEnvName(profile);
    if (!seeds.has(profile) && !seedProblems.has(profile)) {
      const raw = env[name];
      if (raw !== undefined && raw !== '') {
        seen.add(raw);
        try {
          seeds.set(profile, checkApiKey(raw));
        } catch (err) {
          const why = err instanceof InvalidArgumentError ? err.message : '';
          seedProblems.set(profile, `${name} does not hold a usable API key. ${why}`.trim());
        }
      }
    }
    return seeds.get(profile);
  }

  function stored(profile: ProfileName): Promise<StoredKey | null> {
    let pending = cache.get(profile);
    if (pending === undefined) {
      pending = store.get(profile).then((record) => {
        if (record !== null) seen.add(record.key);
        return record;
      });
      cache.set(profile, pending);
      pending.catch(() => {
        if (cache.get(profile) === pending) cache.delete(profile);
      });
    }
    return pending;
  }

  const usableAt = (record: StoredKey | null, origin: string | null): record is StoredKey =>
    record !== null && origin !== null && record.origin === origin;

  /** The seeded key when it may go to `origin`, else undefined. */
  function seedAt(profile: ProfileName, origin: string | null): string | undefined {
    const seed = seedOf(profile);
    if (seed === undefined || origin === null) return undefined;
    return envOrigins(profile) === origin ? seed : undefined;
  }

  return {
    async require(profile, origin) {
      const record = await stored(profile);
      if (usableAt(record, origin)) return record.key;
      const seed = seedAt(profile, origin);
      if (seed !== undefined) return seed;
      if (record !== null) throw mismatch(profile, record, origin);
      if (seedOf(profile) !== undefined) {
        throw seedMismatch(profile, envOrigins(profile), origin);
      }
      throw new NotConfiguredError(
        seedProblems.get(profile) ??
          `The ${profile} profile has no API key yet; add one in Settings.`,
      );
    },
    async state(profile, origin) {
      let record: StoredKey | null = null;
      try {
        record = await stored(profile);
      } catch (err) {
        // An unusable key (unreadable, undecryptable) is no key for listing purposes;
        // `require` still reports why when a request needs it.
        if (!(err instanceof NotConfiguredError)) throw err;
      }
      if (usableAt(record, origin)) return { hasKey: true, storage: store.storageOf(profile) };
      const seeded = seedAt(profile, origin);
      if (seeded !== undefined) return { hasKey: true, storage: 'session' };
      return { hasKey: false, storage: store.storageOf(profile) };
    },
    async set(profile, key, origin, options) {
      seen.add(key);
      cache.delete(profile);
      const where = await store.set(profile, key, origin, options);
      cache.set(profile, Promise.resolve({ key, origin }));
      return where;
    },
    async clear(profile) {
      seedOf(profile);
      seeds.delete(profile);
      seedProblems.delete(profile);
      // Remember that the seed was cleared: do not read it from the environment again.
      seedProblems.set(profile, `The ${profile} profile has no API key; add one in Settings.`);
      cache.delete(profile);
      await store.clear(profile);
      cache.set(profile, Promise.resolve(null));
    },
    secrets: () => [...seen, ...seeds.values()],
  };
}
