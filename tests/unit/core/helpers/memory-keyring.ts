import type { SecretKeyring } from '../../../../electron/core/keys/secret-keyring';

/** Options of {@link createMemoryKeyring}. */
export interface MemoryKeyringOptions {
  /** What `available()` answers (default true). */
  available?: boolean;
  /** Makes every write fail, as a locked keyring does. */
  refuseWrites?: boolean;
}

/** A keyring held in a map, for the key store's policy; the real one is tested in os-keyring.test.ts. */
export function createMemoryKeyring(
  options: MemoryKeyringOptions = {},
): SecretKeyring & { secrets: Map<string, string> } {
  const secrets = new Map<string, string>();
  const usable = options.available ?? true;
  const refuse = (): never => {
    throw new Error('The keyring is not available.');
  };
  return {
    secrets,
    available: async () => usable,
    read: async (account) => (usable ? (secrets.get(account) ?? null) : refuse()),
    write: async (account, secret) => {
      if (!usable || options.refuseWrites === true) refuse();
      secrets.set(account, secret);
    },
    remove: async (account) => {
      if (!usable) refuse();
      secrets.delete(account);
    },
  };
}
