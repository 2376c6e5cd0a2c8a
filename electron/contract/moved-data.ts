/**
 * The one-time move of what an earlier Kennel kept in the window's storage
 * (IndexedDB and localStorage) from its `file://` origin to the app scheme's
 * origin. Storage is keyed by origin, so without the move an upgraded desk
 * would no longer see its queue. The old origin's page (`move-data.html`)
 * reads everything out and hands it to the main process; the app, on its first
 * start on the new origin, takes it and writes it back before anything opens
 * a database.
 */

import { DESK_COPY_MAX_BYTES } from './desk-copies';

/** IPC channels of the move. */
export const MOVE_CHANNELS = {
  /** From `move-data.html` on the old origin: everything it read. */
  deliver: 'kennel-move:deliver',
  /** From `move-data.html`: it could not read the old origin; the next start tries again. */
  failed: 'kennel-move:failed',
  /** From the app: what is waiting to be written back, or null. */
  take: 'kennel-move:take',
  /** From the app: written back; the move is over. */
  stored: 'kennel-move:stored',
} as const;

/** The document the old origin's reader is, next to the app's `index.html`. */
export const MOVE_PAGE = 'move-data.html';

interface MovedIndex {
  name: string;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
}

export interface MovedStore {
  name: string;
  /** Null for a store whose keys are kept apart from its records. */
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexes: MovedIndex[];
  /** The records, in key order; `keys[i]` is the key of `values[i]`. */
  keys: unknown[];
  values: unknown[];
}

export interface MovedDatabase {
  name: string;
  version: number;
  stores: MovedStore[];
}

/** Everything the old origin held. */
export interface MovedData {
  databases: MovedDatabase[];
  localStorage: Array<[string, string]>;
}

/** What `move-data.html` finds as `window.kennelOldOrigin` (its own preload). */
export interface OldOriginApi {
  deliver(data: MovedData): Promise<void>;
  /** Says the read failed, so the app need not wait for a delivery that will not come. */
  failed(): Promise<void>;
}

/** What the app finds as `window.kennelMovedData` in the desktop app. */
export interface MovedDataApi {
  take(): Promise<MovedData | null>;
  stored(): Promise<void>;
}

/**
 * The largest pending file the main process reads: the desk file's own limit,
 * so a desk that fits in one fits in the other. Its size is checked before a
 * byte of it is read.
 */
export const MOVED_DATA_MAX_BYTES = DESK_COPY_MAX_BYTES;

/**
 * The most the move carries. A desk holds one database per profile, seven
 * tables and a handful of choices; these leave room for far more, while
 * bounding the work of checking what arrives, which runs in the main
 * process before anything else: a list's length is checked before it is
 * walked, so a short file that claims a long list costs nothing.
 */
const MOVED_LIMITS = {
  databases: 8,
  storesPerDatabase: 20,
  indexesPerStore: 20,
  keyPathParts: 20,
  /** Records in all, across every database and store. */
  records: 1_000_000,
  storageEntries: 100,
} as const;

/**
 * True for an array of at most `max` items with every place filled. A sparse
 * array can claim 2^32 - 1 items in a few bytes, and walking it would block
 * the process; IndexedDB and localStorage never hand one out.
 */
function isDenseList(value: unknown, max: number): value is unknown[] {
  if (!Array.isArray(value) || value.length > max) return false;
  for (let i = 0; i < value.length; i += 1) if (!(i in value)) return false;
  return true;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isKeyPath = (v: unknown): v is string | string[] =>
  typeof v === 'string' ||
  (isDenseList(v, MOVED_LIMITS.keyPathParts) && v.every((p) => typeof p === 'string'));

function isIndex(v: unknown): v is MovedIndex {
  return (
    isObject(v) &&
    typeof v.name === 'string' &&
    isKeyPath(v.keyPath) &&
    typeof v.unique === 'boolean' &&
    typeof v.multiEntry === 'boolean'
  );
}

/** `budget.records` is what is left of {@link MOVED_LIMITS.records}; the store's records are taken from it. */
function isStore(v: unknown, budget: { records: number }): v is MovedStore {
  if (!isObject(v) || !Array.isArray(v.keys) || !Array.isArray(v.values)) return false;
  if (v.keys.length !== v.values.length || v.values.length > budget.records) return false;
  budget.records -= v.values.length;
  return (
    typeof v.name === 'string' &&
    (v.keyPath === null || isKeyPath(v.keyPath)) &&
    typeof v.autoIncrement === 'boolean' &&
    isDenseList(v.indexes, MOVED_LIMITS.indexesPerStore) &&
    v.indexes.every(isIndex) &&
    isDenseList(v.keys, v.keys.length) &&
    isDenseList(v.values, v.values.length)
  );
}

function isDatabase(v: unknown, budget: { records: number }): v is MovedDatabase {
  return (
    isObject(v) &&
    typeof v.name === 'string' &&
    Number.isSafeInteger(v.version) &&
    (v.version as number) >= 1 &&
    isDenseList(v.stores, MOVED_LIMITS.storesPerDatabase) &&
    v.stores.every((store) => isStore(store, budget))
  );
}

const isStorageEntry = (e: unknown): e is [string, string] =>
  isDenseList(e, 2) && e.length === 2 && e.every((x) => typeof x === 'string');

/**
 * True when `value` has the shape of {@link MovedData}, within
 * {@link MOVED_LIMITS}, every list dense; whatever else arrives is refused
 * whole. Which databases, versions, records and choices are written back is
 * the app's to judge (`src/data/moved-data.ts`), where the schema is known.
 */
export function isMovedData(value: unknown): value is MovedData {
  if (!isObject(value)) return false;
  const { databases, localStorage } = value;
  const budget = { records: MOVED_LIMITS.records };
  return (
    isDenseList(databases, MOVED_LIMITS.databases) &&
    isDenseList(localStorage, MOVED_LIMITS.storageEntries) &&
    localStorage.every(isStorageEntry) &&
    databases.every((database) => isDatabase(database, budget))
  );
}

/** True when the old origin held nothing: there is nothing to write back. */
export function isNothingMoved(data: MovedData): boolean {
  return data.databases.length === 0 && data.localStorage.length === 0;
}
