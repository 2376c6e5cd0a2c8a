/**
 * What the user reads when the data on this computer cannot be read: a
 * database that will not open, one written by a newer Kennel, no room left.
 * Without this the screens would just stay empty, which reads as "no data".
 */
import { t } from '../i18n';
import { describeStorageError, errorChain } from '../data/storage';

/** Every error name in the chain of `err`, outermost first. */
function errorNames(err: unknown): string[] {
  return errorChain(err)
    .map((e) => (e as { name?: unknown }).name)
    .filter((name): name is string => typeof name === 'string' && name !== '');
}

/**
 * The message for a failed read of `what` (e.g. "the animals") from the
 * local database. Quota failures get the shared wording of
 * `describeStorageError`; the error's name is kept in the text, as what
 * support needs to tell one failure from another.
 */
export function storageReadMessage(err: unknown, what: string): string {
  const quota = describeStorageError(err);
  if (quota !== null) return quota;
  const names = errorNames(err);
  if (names.includes('VersionError')) return t('data.read.newerVersion', { what });
  if (names.includes('MissingAPIError')) return t('data.read.noStorage', { what });
  return t('data.read.failed', { what });
}

/** {@link storageReadMessage} for an optional error: null while there is none. */
export function storageReadProblem(err: unknown, what: string): string | null {
  return err === null || err === undefined ? null : storageReadMessage(err, what);
}
