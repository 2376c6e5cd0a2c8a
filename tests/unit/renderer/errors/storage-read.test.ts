import { describe, expect, it } from 'vitest';
import { storageReadMessage, storageReadProblem } from '../../../../src/errors/storage-read';
import { t } from '../../../../src/i18n';

/** An error shaped like Dexie's: a name and the IndexedDB error inside. */
function dexieError(name: string, inner?: unknown): Error {
  const err = new Error(`${name} happened`);
  err.name = name;
  return Object.assign(err, { inner });
}

describe('storageReadMessage', () => {
  it('uses the shared quota wording when a quota failure is inside', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(storageReadMessage(dexieError('AbortError', quota), 'the animals')).toBe(
      t('data.quota'),
    );
  });

  it('says a newer Kennel wrote the data on a VersionError, however deep', () => {
    const message = storageReadMessage(
      dexieError('OpenFailedError', dexieError('VersionError')),
      'the animals',
    );
    expect(message).toContain('cannot open the animals');
    expect(message).toContain('newer version of Kennel');
  });

  it('says the browser keeps no data when IndexedDB is missing', () => {
    expect(storageReadMessage(dexieError('MissingAPIError'), 'the animals')).toContain(
      'does not let Kennel keep data',
    );
  });

  it('says nothing was deleted otherwise, in plain words without the error’s name', () => {
    const message = storageReadMessage(
      dexieError('DexieError', dexieError('NotFoundError')),
      'the animals waiting to be sent',
    );
    expect(message).toBe(
      'Kennel could not read the animals waiting to be sent on this computer. ' +
        'Reload the window; nothing has been deleted.',
    );
    expect(storageReadMessage('odd', 'the animals')).toBe(
      'Kennel could not read the animals on this computer. Reload the window; nothing has been deleted.',
    );
  });

  it('is null while there is no error', () => {
    expect(storageReadProblem(null, 'the animals')).toBeNull();
    expect(storageReadProblem(new Error('x'), 'the animals')).toContain(
      'could not read the animals',
    );
  });
});
