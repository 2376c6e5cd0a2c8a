import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeStorageError,
  quotaMessage,
  requestPersistentStorage,
} from '../../../../src/data/storage';

describe('describeStorageError', () => {
  const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('describes a QuotaExceededError', () => {
    expect(describeStorageError(quota)).toBe(quotaMessage());
  });

  it('describes a quota error wrapped in an AbortError (inner or cause)', () => {
    expect(describeStorageError(new Dexie.AbortError('Transaction aborted', quota))).toBe(
      quotaMessage(),
    );
    const abort = new Error('aborted', { cause: quota });
    abort.name = 'AbortError';
    expect(describeStorageError(abort)).toBe(quotaMessage());
    expect(describeStorageError(new Dexie.QuotaExceededError('full'))).toBe(quotaMessage());
  });

  it('returns null for other errors and non-errors', () => {
    expect(describeStorageError(new Dexie.AbortError('Transaction aborted'))).toBeNull();
    expect(describeStorageError(new DOMException('x', 'ConstraintError'))).toBeNull();
    expect(describeStorageError('QuotaExceededError')).toBeNull();
    expect(describeStorageError(null)).toBeNull();
    const loop: { name: string; cause?: unknown } = { name: 'AbortError' };
    loop.cause = loop;
    expect(describeStorageError(loop)).toBeNull();
  });
});

describe('requestPersistentStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for persistence when not yet persistent', async () => {
    const calls: string[] = [];
    vi.stubGlobal('navigator', {
      storage: {
        persisted: async () => (calls.push('persisted'), false),
        persist: async () => (calls.push('persist'), true),
      },
    });
    expect(await requestPersistentStorage()).toBe(true);
    expect(calls).toEqual(['persisted', 'persist']);
  });

  it('does not ask again when already persistent, and reports a refusal as false', async () => {
    vi.stubGlobal('navigator', {
      storage: { persisted: async () => true, persist: async () => false },
    });
    expect(await requestPersistentStorage()).toBe(true);
    vi.stubGlobal('navigator', {
      storage: {
        persisted: async () => false,
        persist: async () => {
          throw new Error('denied');
        },
      },
    });
    expect(await requestPersistentStorage()).toBe(false);
  });

  it('resolves false where the storage API is not available', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe(false);
  });
});
