/**
 * What the move to the app's own origin writes back (`moved-data.ts`), and
 * what it leaves out: Kennel's own databases and tables, versions this build
 * can open, the choices an earlier desk kept, and rows that pass the checks
 * Kennel applies to its own rows when it reads them.
 */
import { PROFILES } from '../../electron/contract/profiles';
import type { MovedDatabase } from '../../electron/contract/moved-data';
import { highestNativeVersion } from './db';
import { profileDbName } from './db-name';
import { historyEventProblem } from './history-checks';
import { recordProblem } from './record-checks';
import { cachedPetProblem, categoryRowProblem, outboxEntryProblem } from './row-checks';
import { SCHEMA_VERSIONS } from './schema';

const PROFILE_DBS = new Set<string>(PROFILES.map(profileDbName));

/** Every table any version of the schema has had. */
const KENNEL_TABLES = new Set(SCHEMA_VERSIONS.flatMap((version) => Object.keys(version.stores)));

/**
 * The `localStorage` choices an earlier desk kept on the old origin (each
 * named where it is read). No other key is written back: not the move's own
 * list of what it wrote (`kennel.movedDatabases`), which would let a file say
 * a database was written already, nor the desk file's identity and dates,
 * which came after the move and would let a file make this desk another one.
 */
const MOVED_STORAGE_KEYS: ReadonlySet<string> = new Set([
  'kennel.activeProfile', // stores/persisted-profile.ts
  'kennel.language', // i18n/language.ts
  'kennel.theme', // theme/theme.ts
  'kennel.cardSize', // cards/card-size.ts
  'kennel.autoRefreshPaused', // catalogue/auto-refresh.ts
]);

/** How a moved database is treated: written back, left out (not Kennel's), or kept for a newer build. */
export function movedDatabaseFate(moved: MovedDatabase): 'write' | 'leave-out' | 'newer' {
  if (!PROFILE_DBS.has(moved.name)) return 'leave-out';
  // Dexie stores version n as n * 10: above this build's highest, only a newer build can open it.
  return moved.version > highestNativeVersion() ? 'newer' : 'write';
}

/** `moved` with only the tables Kennel has ever had; any other is left out. */
export function kennelTablesOf(moved: MovedDatabase): MovedDatabase {
  return { ...moved, stores: moved.stores.filter((store) => KENNEL_TABLES.has(store.name)) };
}

/** True for a `localStorage` key the move writes back. */
export function isMovedStorageKey(key: string): boolean {
  return MOVED_STORAGE_KEYS.has(key);
}

const ROW_CHECKS: Partial<Record<string, (row: unknown) => string | null>> = {
  pets: cachedPetProblem,
  outbox: outboxEntryProblem,
  categories: categoryRowProblem,
  records: recordProblem,
  history: historyEventProblem,
};

/**
 * What is wrong with a moved row of `table` (brought up to this schema), or
 * null. Tables Kennel does not check on read (its settings, photos and the
 * quarantine itself) take their rows as they are.
 */
export function movedRowProblem(table: string, row: unknown): string | null {
  return ROW_CHECKS[table]?.(row) ?? null;
}
