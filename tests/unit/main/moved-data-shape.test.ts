import { describe, expect, it } from 'vitest';
import {
  isMovedData,
  type MovedData,
  type MovedStore,
} from '../../../electron/contract/moved-data';

/** The most a move carries, as the contract promises it (`electron/contract/moved-data.ts`). */
const LIMITS = {
  databases: 8,
  storesPerDatabase: 20,
  indexesPerStore: 20,
  keyPathParts: 20,
  records: 1_000_000,
  storageEntries: 100,
};

function store(records = 1): MovedStore {
  return {
    name: 'outbox',
    keyPath: 'id',
    autoIncrement: false,
    indexes: [{ name: 'seq', keyPath: ['seq', 'id'], unique: false, multiEntry: false }],
    keys: Array<string>(records).fill('op-0'),
    values: Array<unknown>(records).fill({ id: 'op-0' }),
  };
}

/** A desk's data as the old origin's reader delivers it. */
function moved(): MovedData {
  return {
    databases: [{ name: 'kennel-local', version: 90, stores: [store()] }],
    localStorage: [['kennel.theme', 'dark']],
  };
}

/** `length` places of which only the first is filled. */
function sparse<T>(first: T, length: number): T[] {
  const list = [first];
  list.length = length;
  return list;
}

type Change = (data: MovedData) => void;
const firstStore = (data: MovedData) => data.databases[0]!.stores[0]!;

describe('the shape of moved data', () => {
  it('takes a desk’s data as the reader delivers it', () => {
    expect(isMovedData(moved())).toBe(true);
  });

  it.each<[string, Change]>([
    ['databases', (d) => (d.databases = sparse(d.databases[0]!, 100_000_000))],
    ['databases, short', (d) => (d.databases = sparse(d.databases[0]!, 2))],
    ['stores', (d) => (d.databases[0]!.stores = sparse(firstStore(d), 2))],
    ['indexes', (d) => (firstStore(d).indexes = sparse(firstStore(d).indexes[0]!, 2))],
    ['an index’s key path', (d) => (firstStore(d).indexes[0]!.keyPath = sparse('seq', 2))],
    ['a store’s key path', (d) => (firstStore(d).keyPath = sparse('id', 2))],
    [
      'keys',
      (d) => {
        firstStore(d).keys = sparse('op-0', 2);
        firstStore(d).values = [{ id: 'op-0' }, { id: 'op-1' }];
      },
    ],
    [
      'values',
      (d) => {
        firstStore(d).keys = ['op-0', 'op-1'];
        firstStore(d).values = sparse({ id: 'op-0' }, 2);
      },
    ],
    ['localStorage', (d) => (d.localStorage = sparse(d.localStorage[0]!, 2))],
    [
      'a localStorage entry',
      (d) => (d.localStorage = [sparse('kennel.theme', 2) as [string, string]]),
    ],
  ])('refuses a sparse list of %s', (_, change) => {
    const data = moved();
    change(data);
    expect(isMovedData(data)).toBe(false);
  });

  it.each<[string, Change]>([
    ['databases', (d) => (d.databases = Array(LIMITS.databases + 1).fill(d.databases[0]))],
    [
      'stores in a database',
      (d) => (d.databases[0]!.stores = Array(LIMITS.storesPerDatabase + 1).fill(store())),
    ],
    [
      'indexes in a store',
      (d) =>
        (firstStore(d).indexes = Array(LIMITS.indexesPerStore + 1).fill(firstStore(d).indexes[0])),
    ],
    [
      'parts of a key path',
      (d) => (firstStore(d).keyPath = Array(LIMITS.keyPathParts + 1).fill('id')),
    ],
    ['records in one store', (d) => (d.databases[0]!.stores = [store(LIMITS.records + 1)])],
    [
      'records across stores',
      (d) => (d.databases[0]!.stores = [store(LIMITS.records / 2), store(LIMITS.records / 2 + 1)]),
    ],
    [
      'localStorage entries',
      (d) => (d.localStorage = Array(LIMITS.storageEntries + 1).fill(d.localStorage[0])),
    ],
  ])('refuses more %s than the limit', (_, change) => {
    const data = moved();
    change(data);
    expect(isMovedData(data)).toBe(false);
  });

  it('takes as many of each as the limits allow', () => {
    const data = moved();
    data.databases = Array.from({ length: LIMITS.databases }, (_, i) => ({
      name: `kennel-${i}`,
      version: 90,
      stores: i === 0 ? [store(LIMITS.records)] : [],
    }));
    data.localStorage = Array(LIMITS.storageEntries).fill(['kennel.theme', 'dark']);
    expect(isMovedData(data)).toBe(true);
  });

  it.each<[string, Change]>([
    ['a version that is not a whole number', (d) => (d.databases[0]!.version = 9.5)],
    ['a version beyond what IndexedDB can hold', (d) => (d.databases[0]!.version = 2 ** 53)],
    ['keys and values of different counts', (d) => firstStore(d).keys.push('op-9')],
  ])('refuses %s', (_, change) => {
    const data = moved();
    change(data);
    expect(isMovedData(data)).toBe(false);
  });
});
