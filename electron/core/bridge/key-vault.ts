import type { KeyStorage, ProfileName, SetKeyOptions } from '../../contract/index';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { NotConfiguredError } from '../errors/not-configured-error';
import { checkApiKey } from '../keys/key-format';
import type { KeyStore } from '../keys/key-store';

/** Name of the environment variable that seeds a profile's key for headless runs. */
export function keyEnvName(profile: ProfileName): string {
  return `KENNEL_${profile.toUpperCase()}_KEY`;
}

/**
 * The key store plus the keys seeded from the environment. A stored key wins
 * (the user set it after launch); a seeded one is held in memory and reported
 * as `session`. Also remembers every key it handed out, so error messages can
 * be scrubbed of them as a last line of defence.
 */
export interface KeyVault {
  /** The key to use, or a `NotConfiguredError`. */
  require(profile: ProfileName): Promise<string>;
  has(profile: ProfileName): Promise<boolean>;
  storageOf(profile: ProfileName): KeyStorage;
  set(profile: ProfileName, key: string, options: SetKeyOptions): Promise<KeyStorage>;
  clear(profile: ProfileName): Promise<void>;
  /** Keys this process has seen; never leaves the Node side. */
  secrets(): string[];
}

/** Creates the vault over a store and an environment. */
export function createKeyVault(store: KeyStore, env: Record<string, string | undefined>): KeyVault {
  const seeds = new Map<ProfileName, string>();
  const seedProblems = new Map<ProfileName, string>();
  const seen = new Set<string>();

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

  async function current(profile: ProfileName): Promise<string | null> {
    const stored = await store.get(profile);
    if (stored !== null) {
      seen.add(stored);
      return stored;
    }
    return seedOf(profile) ?? null;
  }

  return {
    async require(profile) {
      const key = await current(profile);
      if (key !== null) return key;
      throw new NotConfiguredError(
        seedProblems.get(profile) ??
          `The ${profile} profile has no API key yet; add one in Settings.`,
      );
    },
    async has(profile) {
      try {
        return (await current(profile)) !== null;
      } catch (err) {
        // An unusable key (unreadable, undecryptable) is no key for listing purposes;
        // `require` still reports why when a request needs it.
        if (err instanceof NotConfiguredError) return false;
        throw err;
      }
    },
    storageOf(profile) {
      const stored = store.storageOf(profile);
      if (stored !== 'none') return stored;
      return seedOf(profile) === undefined ? 'none' : 'session';
    },
    async set(profile, key, options) {
      seen.add(key);
      return store.set(profile, key, options);
    },
    async clear(profile) {
      seedOf(profile);
      seeds.delete(profile);
      seedProblems.delete(profile);
      // Remember that the seed was cleared: do not read it from the environment again.
      seedProblems.set(profile, `The ${profile} profile has no API key; add one in Settings.`);
      await store.clear(profile);
    },
    secrets: () => [...seen, ...seeds.values()],
  };
}
