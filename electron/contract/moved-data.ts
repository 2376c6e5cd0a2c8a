/**
 * The one-time move of what an earlier Kennel kept in the window's storage
 * (IndexedDB and localStorage) from its `file://` origin to the app scheme's
 * origin. Storage is keyed by origin, so without the move an upgraded desk
 * would no longer see its queue. The old origin's page (`move-data.html`)
 * reads everything out and hands it to the main process; the app, on its first
 * start on the new origin, takes it and writes it back before anything opens
 * a database.
 */

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

const isKeyPath = (v: unknown): v is string | string[] =>
  typeof v === 'string' || (Array.isArray(v) && v.every((p) => typeof p === 'string'));

function isIndex(v: unknown): v is MovedIndex {
  const i = v as MovedIndex;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof i.name === 'string' &&
    isKeyPath(i.keyPath) &&
    typeof i.unique === 'boolean' &&
    typeof i.multiEntry === 'boolean'
  );
}

function isStore(v: unknown): v is MovedStore {
  const s = v as MovedStore;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof s.name === 'string' &&
    (s.keyPath === null || isKeyPath(s.keyPath)) &&
    typeof s.autoIncrement === 'boolean' &&
    Array.isArray(s.indexes) &&
    s.indexes.every(isIndex) &&
    Array.isArray(s.keys) &&
    Array.isArray(s.values) &&
    s.keys.length === s.values.length
  );
}

function isDatabase(v: unknown): v is MovedDatabase {
  const d = v as MovedDatabase;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof d.name === 'string' &&
    Number.isInteger(d.version) &&
    d.version >= 1 &&
    Array.isArray(d.stores) &&
    d.stores.every(isStore)
  );
}

/** True when `value` has the shape of {@link MovedData}; whatever else arrives is refused. */
export function isMovedData(value: unknown): value is MovedData {
  const m = value as MovedData;
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray(m.databases) &&
    m.databases.every(isDatabase) &&
    Array.isArray(m.localStorage) &&
    m.localStorage.every(
      (e) => Array.isArray(e) && e.length === 2 && e.every((x) => typeof x === 'string'),
    )
  );
}

/** True when the old origin held nothing: there is nothing to write back. */
export function isNothingMoved(data: MovedData): boolean {
  return data.databases.length === 0 && data.localStorage.length === 0;
}
