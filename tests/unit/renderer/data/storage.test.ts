import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { describeStorageError } from '../../../../src/data/storage';
import {
  describeStorage,
  indexedDbMissing,
  requestPersistentStorage,
  storageFigures,
  storageRefusal,
} from '../../../../src/data/storage-health';
import { formatBytes } from '../../../../src/format/bytes';
import { t } from '../../../../src/i18n';

describe('describeStorageError', () => {
  const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('describes a QuotaExceededError', () => {
    expect(describeStorageError(quota)).toBe(t('data.quota'));
  });

  it('describes a quota error wrapped in an AbortError (inner or cause)', () => {
    expect(describeStorageError(new Dexie.AbortError('Transaction aborted', quota))).toBe(
      t('data.quota'),
    );
    const abort = new Error('aborted', { cause: quota });
    abort.name = 'AbortError';
    expect(describeStorageError(abort)).toBe(t('data.quota'));
    expect(describeStorageError(new Dexie.QuotaExceededError('full'))).toBe(t('data.quota'));
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

describe('storageFigures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads what the browser says, and nulls where it says nothing or throws', async () => {
    vi.stubGlobal('navigator', {
      storage: {
        estimate: async () => ({ usage: 3_200_000, quota: 1_200_000_000 }),
        persisted: async () => false,
      },
    });
    expect(await storageFigures()).toEqual({
      usedBytes: 3_200_000,
      quotaBytes: 1_200_000_000,
      persisted: false,
    });
    vi.stubGlobal('navigator', {
      storage: {
        estimate: async () => {
          throw new Error('refused');
        },
      },
    });
    expect(await storageFigures()).toEqual({ usedBytes: null, quotaBytes: null, persisted: null });
  });
});

describe('describeStorage', () => {
  const figures = { usedBytes: 3_200_000, quotaBytes: 1_234_000_000, persisted: true };

  it('gives the space used and left in plain units', () => {
    const report = describeStorage(figures, 'en');
    expect(report.space).toBe(
      'Kennel uses 3.2 MB of about 1.2 GB this computer allows it: about 1.2 GB left.',
    );
    expect(report.low).toBeNull();
    expect(report.refused).toBe(false);
    expect(report.kept).toMatch(/kept safe/);
  });

  it('warns when little is left, and says what to do', () => {
    const report = describeStorage({ ...figures, usedBytes: 1_200_000_000 }, 'en');
    expect(report.space).toContain('about 34 MB left');
    expect(report.low).toMatch(/Send the animals that are waiting/);
  });

  it('says plainly what a refusal means and what to do', () => {
    const report = describeStorage({ ...figures, persisted: false }, 'en');
    expect(report.refused).toBe(true);
    expect(report.kept).toMatch(/not promised to keep/);
    expect(report.kept).toMatch(/Ask again/);
  });

  it('says so when the browser tells nothing', () => {
    const report = describeStorage({ usedBytes: null, quotaBytes: null, persisted: null }, 'en');
    expect(report.space).toMatch(/does not say how much space/);
    expect(report.kept).toMatch(/does not say whether it keeps/);
    expect(report.refused).toBe(false);
    expect(describeStorage({ ...figures, quotaBytes: null }, 'en').space).toMatch(
      /^Kennel uses 3.2 MB on this computer\./,
    );
  });
});

describe('formatBytes', () => {
  it('picks the unit that keeps the number readable, in the locale’s way', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(3_200_000, 'en')).toBe('3.2 MB');
    expect(formatBytes(3_200_000, 'es')).toBe('3,2 MB');
    expect(formatBytes(10_737_520_640, 'en')).toBe('11 GB');
  });
});

describe('storageRefusal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is null where IndexedDB opens', async () => {
    expect(await storageRefusal(new IDBFactory())).toBeNull();
  });

  it('knows at once when the page has no IndexedDB', () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    expect(indexedDbMissing()).toBe(false);
    vi.stubGlobal('indexedDB', undefined);
    expect(indexedDbMissing()).toBe(true);
  });

  /** A factory whose every open fails with `error`, as a browser refusing storage answers. */
  function refusingFactory(error: DOMException): IDBFactory {
    return {
      open() {
        const request = { error, onerror: null as (() => void) | null };
        setTimeout(() => request.onerror?.());
        return request;
      },
    } as unknown as IDBFactory;
  }

  it('names the failure where IndexedDB is missing or refuses to open', async () => {
    expect(await storageRefusal(undefined)).toMatchObject({ name: 'MissingAPIError' });
    const denied = new DOMException('The user denied permission.', 'UnknownError');
    expect(await storageRefusal(refusingFactory(denied))).toMatchObject({ name: 'UnknownError' });
  });

  it('does not call a full disk a browser that keeps nothing', async () => {
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(await storageRefusal(refusingFactory(full))).toBeNull();
  });
});
