import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import {
  lossRead,
  onStorageLost,
  storageLostAt,
  watchForLoss,
} from '../../../../src/data/storage-loss';

/** An open request as the browser makes one: only its events matter here. */
function openRequest(): IDBOpenDBRequest {
  return new EventTarget() as IDBOpenDBRequest;
}

/** The browser's `upgradeneeded`, with Chromium's `dataLoss` when given. */
function upgrade(request: IDBOpenDBRequest, dataLoss?: string): void {
  const event = new Event('upgradeneeded');
  if (dataLoss !== undefined) Object.assign(event, { dataLoss });
  request.dispatchEvent(event);
}

describe('a desk the browser had to empty', () => {
  it('is remembered with its time when an open is told of a total loss, and said to listeners', () => {
    const storage = memoryStorage();
    const told: string[] = [];
    const stop = onStorageLost(() => told.push('lost'));
    try {
      const request = openRequest();
      expect(watchForLoss(request, storage, () => 1_000)).toBe(request);
      expect(storageLostAt(storage)).toBeNull();

      upgrade(request, 'total');
      expect(storageLostAt(storage)).toBe(1_000);
      expect(told).toEqual(['lost']);
    } finally {
      stop();
    }
  });

  it('keeps the first time until read, and says it again after a later loss', () => {
    const storage = memoryStorage();
    upgrade(
      watchForLoss(openRequest(), storage, () => 1_000),
      'total',
    );
    upgrade(
      watchForLoss(openRequest(), storage, () => 2_000),
      'total',
    );
    expect(storageLostAt(storage)).toBe(1_000);

    lossRead(storage);
    expect(storageLostAt(storage)).toBeNull();
    upgrade(
      watchForLoss(openRequest(), storage, () => 3_000),
      'total',
    );
    expect(storageLostAt(storage)).toBe(3_000);
  });

  it('is not taken from a new database, nor from a browser that says nothing of losses', () => {
    const storage = memoryStorage();
    const told: string[] = [];
    const stop = onStorageLost(() => told.push('lost'));
    try {
      upgrade(watchForLoss(openRequest(), storage), 'none');
      upgrade(watchForLoss(openRequest(), storage));
      expect(storageLostAt(storage)).toBeNull();
      expect(told).toEqual([]);
    } finally {
      stop();
    }
  });

  it('is told to no listener that stopped listening', () => {
    const told: string[] = [];
    onStorageLost(() => told.push('lost'))();
    upgrade(watchForLoss(openRequest(), memoryStorage()), 'total');
    expect(told).toEqual([]);
  });

  it('reads nothing where the page keeps no storage, and throws nothing', () => {
    const request = watchForLoss(openRequest(), null);
    expect(() => upgrade(request, 'total')).not.toThrow();
    expect(storageLostAt(null)).toBeNull();
  });
});
