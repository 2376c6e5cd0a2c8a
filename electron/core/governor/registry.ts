import { createHash } from 'node:crypto';
import { createGovernor, type Governor, type GovernorOptions } from './governor';

/**
 * Hands out exactly one {@link Governor} per API key and origin, so every
 * request made with a key (concurrent ones, other profiles pointing at the same
 * service with the same key) shares one budget. Entries are keyed by a hash;
 * the key itself is not kept here.
 */
export interface GovernorRegistry {
  /**
   * The governor of `key` at `origin`, created on first use with `options`.
   * Later calls do not re-tune it, with one exception: a smaller `dailyLimit`
   * lowers the shared budget, since every profile's requests spend it (and
   * any `dailyLimit` replaces a day inferred from the plan).
   */
  governorFor(origin: string, key: string, options?: GovernorOptions): Governor;
  /** The governor with this {@link governorId}, if one exists already. */
  peek(id: string): Governor | undefined;
  /** Forgets every governor. */
  clear(): void;
}

/** Hash that identifies a key at an origin without storing the key. */
export function governorId(origin: string, key: string): string {
  return createHash('sha256').update(origin).update('\n').update(key).digest('hex');
}

/** Creates an empty registry; `defaults` apply to every governor it creates. */
export function createGovernorRegistry(defaults: GovernorOptions = {}): GovernorRegistry {
  const governors = new Map<string, Governor>();
  return {
    governorFor(origin, key, options) {
      const id = governorId(origin, key);
      let governor = governors.get(id);
      if (governor === undefined) {
        governor = createGovernor({ ...defaults, ...options });
        governors.set(id, governor);
      } else if (options?.dailyLimit !== undefined) {
        governor.limitDaily(options.dailyLimit);
      }
      return governor;
    },
    peek: (id) => governors.get(id),
    clear: () => governors.clear(),
  };
}
