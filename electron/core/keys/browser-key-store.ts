import { resolve } from 'node:path';
import type { KeyStorage, KeyStorageInfo, ProfileName } from '../../contract/profiles';
import { NotConfiguredError } from '../errors/not-configured-error';
import { writeFileAtomic } from '../fs/atomic-write';
import { ensureKeysDir, keyFile, readPrivateFile, removeFile } from './key-files';
import { decodeKeyRecord, encodeKeyRecord, type StoredKey } from './key-record';
import type { KeyStore } from './key-store';
import type { SecretKeyring } from './secret-keyring';

const KEYRING_INFO: KeyStorageInfo = {
  storage: 'encrypted',
  plainStorageNeedsConsent: false,
  description: "encrypted in your system's keyring",
};

const NO_KEYRING_INFO: KeyStorageInfo = {
  storage: 'session',
  plainStorageNeedsConsent: true,
  description:
    'no system keyring is available: kept for this session only, unless you accept storing it unencrypted',
};

/**
 * The browser-mode key store, with the desktop app's policy: keys are kept
 * encrypted by the OS keyring, one secret per profile and data folder. Where
 * there is no keyring (a headless Linux), a key is kept in memory for this
 * session only, unless the user accepts plain storage: then it goes to
 * `<dataDir>/keys/<profile>.key` (0600 in a 0700 folder).
 *
 * That file is also where earlier versions kept every key. Once a keyring is
 * available, the first read moves such a file into the keyring and deletes
 * it. Pass `null` for `keyring` to run without one.
 */
export function createBrowserKeyStore(dataDir: string, keyring: SecretKeyring | null): KeyStore {
  const folder = resolve(dataDir);
  // Secrets of one data folder: tests and a second install never see each other's keys.
  const account = (profile: ProfileName): string => `${profile}@${folder}`;
  const plainPath = (profile: ProfileName): string => keyFile(dataDir, profile, 'key');
  const session = new Map<ProfileName, StoredKey>();
  const storage = new Map<ProfileName, KeyStorage>();
  let probed: Promise<boolean> | null = null;

  /** Asked once per launch: a keyring does not come and go while Kennel runs. */
  function hasKeyring(): Promise<boolean> {
    probed ??= keyring === null ? Promise.resolve(false) : keyring.available();
    return probed;
  }

  /** Moves a plain key file into the keyring; on failure the file stays and is used as it is. */
  async function migrate(ring: SecretKeyring, profile: ProfileName, text: string): Promise<void> {
    try {
      await ring.write(account(profile), text);
    } catch {
      storage.set(profile, 'plain-accepted');
      return;
    }
    await removeFile(plainPath(profile));
    storage.set(profile, 'encrypted');
  }

  async function readKeyring(ring: SecretKeyring, profile: ProfileName): Promise<string | null> {
    try {
      return await ring.read(account(profile));
    } catch (err) {
      throw new NotConfiguredError(
        `The ${profile} key could not be read from the system keyring; unlock it, or set the key again.`,
        { cause: err },
      );
    }
  }

  return {
    async get(profile) {
      const remembered = session.get(profile);
      if (remembered !== undefined) return remembered;
      const file = await readPrivateFile(plainPath(profile), profile);
      const ring = (await hasKeyring()) ? keyring : null;
      if (file !== null) {
        const text = file.toString('utf8').trim();
        if (ring === null) storage.set(profile, 'plain-accepted');
        else await migrate(ring, profile, text);
        return decodeKeyRecord(text);
      }
      const secret = ring === null ? null : await readKeyring(ring, profile);
      storage.set(profile, secret === null ? 'none' : 'encrypted');
      return secret === null ? null : decodeKeyRecord(secret);
    },

    async set(profile, key, origin, options) {
      const record = encodeKeyRecord({ key, origin });
      if (keyring !== null && (await hasKeyring())) {
        try {
          await keyring.write(account(profile), record);
        } catch (err) {
          throw new NotConfiguredError(
            `The system keyring did not accept the ${profile} key; unlock it and try again.`,
            { cause: err },
          );
        }
        session.delete(profile);
        await removeFile(plainPath(profile));
        storage.set(profile, 'encrypted');
        return 'encrypted';
      }
      if (options.acceptPlainStorage === true) {
        await ensureKeysDir(dataDir);
        await writeFileAtomic(plainPath(profile), record, { mode: 0o600, dirMode: 0o700 });
        session.delete(profile);
        storage.set(profile, 'plain-accepted');
        return 'plain-accepted';
      }
      session.set(profile, { key, origin });
      // A key stored earlier must not come back at the next launch instead of this one.
      await removeFile(plainPath(profile));
      storage.set(profile, 'session');
      return 'session';
    },

    async clear(profile) {
      session.delete(profile);
      await removeFile(plainPath(profile));
      if (keyring !== null && (await hasKeyring())) {
        try {
          await keyring.remove(account(profile));
        } catch (err) {
          throw new NotConfiguredError(
            `The ${profile} key could not be removed from the system keyring; unlock it and try again.`,
            { cause: err },
          );
        }
      }
      storage.set(profile, 'none');
    },

    info: async () => ({ ...((await hasKeyring()) ? KEYRING_INFO : NO_KEYRING_INFO) }),

    storageOf: (profile) => storage.get(profile) ?? (session.has(profile) ? 'session' : 'none'),
  };
}
