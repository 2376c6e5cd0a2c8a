import { afterEach, describe, expect, it } from 'vitest';
import { deskError } from '../../../../src/errors/desk-error';
import { errorMessage } from '../../../../src/errors/messages';
import { applyLanguage } from '../../../../src/i18n';
import { parseSharedStatus } from '../../../../src/sync/status-mirror';

afterEach(() => applyLanguage('en'));

const published = (lastError: unknown) => ({
  connection: 'online',
  blockedBy: null,
  syncing: null,
  lastSyncAt: null,
  lastError,
});

describe('the shared sync status', () => {
  it('keeps the last failure as the error itself, worded in the language of the moment it is shown', async () => {
    const error = {
      kind: 'rate-limited',
      message: 'Too many requests.',
      retryAt: 1_800_000_060_000,
    };
    const read = parseSharedStatus(published(error));
    expect(read?.lastError).toEqual(error);

    const english = errorMessage(read!.lastError!);
    await applyLanguage('es');
    const spanish = errorMessage(read!.lastError!);
    expect(english).toMatch(/slow down/);
    expect(spanish).not.toBe(english);
  });

  it('reads a sentence stored by an earlier version as no error, keeping the rest', () => {
    const read = parseSharedStatus(published('The service asked Kennel to wait.'));
    expect(read).toMatchObject({ connection: 'online', lastError: null });
  });

  it('refuses a stored error that is not one', () => {
    expect(parseSharedStatus(published({ kind: 'network' }))).toBeNull();
    expect(parseSharedStatus(published(42))).toBeNull();
  });

  it('words a failure on this computer: a full disk apart from any other', async () => {
    const full = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    expect(errorMessage(deskError(full))).toMatch(/storage space/);
    expect(errorMessage(deskError(new TypeError('x is undefined')))).toMatch(/unexpected error/);
    await applyLanguage('es');
    expect(errorMessage(deskError(full))).toMatch(/espacio/);
  });
});
