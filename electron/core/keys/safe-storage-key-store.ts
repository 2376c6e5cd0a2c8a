import type { KeyStorage, KeyStorageInfo, ProfileName } from '../../contract/profiles';
import { NotConfiguredError } from '../errors/not-configured-error';
import { writeFileAtomic } from '../fs/atomic-write';
import { ensureKeysDir, fileExists, keyFile, readPrivateFile, removeFile } from './key-files';
import { decodeKeyRecord, encodeKeyRecord, type StoredKey } from './key-record';
import type { KeyStore, SafeStorageLike } from './key-store';

/** True when safeStorage has a real keyring/OS store behind it. */
function realEncryption(safeStorage: SafeStorageLike): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
}

/**
 * The desktop key store over Electron's `safeStorage` (injected): the
 * encrypted blob lives in `<dataDir>/keys/<profile>.enc`. Where there is no
 * real keyring (Linux `basic_text`, or no encryption at all) the user must
 * accept plain storage explicitly; without that the key is kept in memory for
 * this session only. It is never stored weakly without the user knowing.
 *
 * With no encryption at all, an accepted key goes to
 * `<dataDir>/keys/<profile>.unencrypted`. The store never reads
 * `<profile>.key`: that name is browser mode's plaintext file, and a key found
 * there was never accepted by the user for this app.
 */
export function createSafeStorageKeyStore(dataDir: string, safeStorage: SafeStorageLike): KeyStore {
  const session = new Map<ProfileName, StoredKey>();
  const encPath = (profile: ProfileName): string => keyFile(dataDir, profile, 'enc');
  const plainPath = (profile: ProfileName): string => keyFile(dataDir, profile, 'unencrypted');

  function info(): KeyStorageInfo {
    if (realEncryption(safeStorage)) {
      return {
        storage: 'encrypted',
        plainStorageNeedsConsent: false,
        description: "encrypted with your system's keyring, in Kennel's data folder",
      };
    }
    return {
      storage: 'session',
      plainStorageNeedsConsent: true,
      description:
        'no system keyring is available: kept for this session only, unless you accept storing it unencrypted',
    };
  }

  return {
    async get(profile) {
      const remembered = session.get(profile);
      if (remembered !== undefined) return remembered;
      const blob = await readPrivateFile(encPath(profile), profile);
      if (blob !== null) {
        let text: string;
        try {
          text = safeStorage.decryptString(blob);
        } catch (err) {
          throw new NotConfiguredError(
            `The stored ${profile} key could not be decrypted on this system; set it again.`,
            { cause: err },
          );
        }
        return decodeKeyRecord(text);
      }
      const plain = await readPrivateFile(plainPath(profile), profile);
      return plain === null ? null : decodeKeyRecord(plain.toString('utf8'));
    },

    async set(profile, key, origin, options) {
      const real = realEncryption(safeStorage);
      if (!real && options.acceptPlainStorage !== true) {
        session.set(profile, { key, origin });
        // A key stored earlier must not win over the one just given.
        await removeFile(encPath(profile));
        await removeFile(plainPath(profile));
        return 'session';
      }
      session.delete(profile);
      const record = encodeKeyRecord({ key, origin });
      await ensureKeysDir(dataDir);
      if (safeStorage.isEncryptionAvailable()) {
        await writeFileAtomic(encPath(profile), safeStorage.encryptString(record));
        await removeFile(plainPath(profile));
      } else {
        await writeFileAtomic(plainPath(profile), record);
        await removeFile(encPath(profile));
      }
      return real ? 'encrypted' : 'plain-accepted';
    },

    async clear(profile) {
      session.delete(profile);
      await removeFile(encPath(profile));
      await removeFile(plainPath(profile));
    },

    info: () => info(),

    storageOf(profile): KeyStorage {
      if (session.has(profile)) return 'session';
      if (fileExists(encPath(profile))) {
        return realEncryption(safeStorage) ? 'encrypted' : 'plain-accepted';
      }
      return fileExists(plainPath(profile)) ? 'plain-accepted' : 'none';
    },
  };
}
