import type { AsyncEntry, EntryOptions } from '@napi-rs/keyring';
import type { SecretKeyring } from './secret-keyring';

type KeyringModule = typeof import('@napi-rs/keyring');

// On Linux, only the Secret Service keeps secrets encrypted on disk across
// restarts; the library would otherwise fall back to the kernel keyring, which
// forgets them at logout. Without a Secret Service there is no keyring.
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };
const PROBE_ACCOUNT = 'kennel-keyring-check';
// Long enough for the user to answer the system's unlock prompt.
const PROBE_TIMEOUT_MS = 60_000;

let loading: Promise<KeyringModule> | null = null;

/** Loads the native binding on first use, so nothing loads it where no keyring is asked for. */
function keyringModule(): Promise<KeyringModule> {
  loading ??= import('@napi-rs/keyring');
  return loading;
}

async function entry(service: string, account: string): Promise<AsyncEntry> {
  const { AsyncEntry } = await keyringModule();
  // The constructor itself throws where there is no session bus at all.
  return new AsyncEntry(service, account, ENTRY_OPTIONS);
}

/**
 * The OS keyring through `@napi-rs/keyring`, for secrets of `service`.
 * Availability is probed by storing, reading back and deleting a throw-away
 * secret: a Secret Service whose default collection is locked or missing can
 * still answer reads, so only a write proves it can keep a key.
 */
export function openOsKeyring(service: string): SecretKeyring {
  return {
    async available() {
      const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
      try {
        const probe = await entry(service, PROBE_ACCOUNT);
        await probe.setPassword('ok', signal);
        const back = await probe.getPassword(signal);
        await probe.deleteCredential(signal);
        return back === 'ok';
      } catch {
        return false;
      }
    },
    async read(account) {
      return (await entry(service, account)).getPassword();
    },
    async write(account, secret) {
      await (await entry(service, account)).setPassword(secret);
    },
    async remove(account) {
      await (await entry(service, account)).deleteCredential();
    },
  };
}
