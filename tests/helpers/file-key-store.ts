import type { KeyStorageInfo } from '../../electron/contract/profiles';
import { writeFileAtomic } from '../../electron/core/fs/atomic-write';
import {
  ensureKeysDir,
  fileExists,
  keyFile,
  readPrivateFile,
  removeFile,
} from '../../electron/core/keys/key-files';
import { decodeKeyRecord, encodeKeyRecord } from '../../electron/core/keys/key-record';
import type { KeyStore } from '../../electron/core/keys/key-store';

/**
 * A plain key store: `<dataDir>/keys/<profile>.key` (the key and the origin it
 * was entered for), mode 0600 in a 0700 folder, written atomically. Nothing is
 * encrypted: it is as safe as the user's account. Browser mode uses the OS
 * keyring instead (`createBrowserKeyStore`) and writes this file only
 * where there is no keyring and the user accepted plain storage. This store is
 * for the tests and the benchmark, which need a key on disk without a keyring.
 */
export function createFileKeyStore(dataDir: string): KeyStore {
  const path = (profile: Parameters<KeyStore['get']>[0]): string =>
    keyFile(dataDir, profile, 'key');
  const info: KeyStorageInfo = {
    storage: 'file',
    plainStorageNeedsConsent: false,
    description: "in a file only your user can read, in Kennel's data folder",
  };

  return {
    async get(profile) {
      const data = await readPrivateFile(path(profile), profile);
      return data === null ? null : decodeKeyRecord(data.toString('utf8'));
    },
    async set(profile, key, origin) {
      await ensureKeysDir(dataDir);
      await writeFileAtomic(path(profile), encodeKeyRecord({ key, origin }), {
        mode: 0o600,
        dirMode: 0o700,
      });
      return 'file';
    },
    async clear(profile) {
      await removeFile(path(profile));
    },
    info: () => ({ ...info }),
    storageOf: (profile) => (fileExists(path(profile)) ? 'file' : 'none'),
  };
}
