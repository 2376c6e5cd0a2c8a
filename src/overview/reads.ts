/**
 * The Overview's reads of a profile's database that no store makes: today's
 * intake, typed or imported, and sends (by the `typedAt` and `sentAt`
 * indexes) and every animal's category. Run inside live queries (see
 * `use-overview-data.ts`).
 */
import type { KennelDb } from '../data/db';
import { startOfNextLocalDay } from '../format/clock';

/** Today's figures of one database; `db` tells a stale answer from a current one. */
export interface DayAnswer {
  db: KennelDb;
  dayStart: number;
  /** When each animal taken in here today was typed or imported (epoch ms). */
  typedTimes: number[];
  /** Those animals' keys, in the same order. */
  typedKeys: string[];
  /** How many of those came in through Import (the row's `imported` mark). */
  importedToday: number;
  sentToday: number;
}

export interface CategoryAnswer {
  db: KennelDb;
  /** One category id per animal on this computer. */
  categoryIds: string[];
}

/**
 * Today's intake times, how many of them were imported, and how many animals
 * got their ID today, from the `typedAt` and `sentAt` indexes. Today's rows
 * are read whole for their `imported` mark, which no index holds: a day's
 * intake, not the catalogue.
 */
export async function readDay(db: KennelDb, dayStart: number): Promise<DayAnswer> {
  const dayEnd = startOfNextLocalDay(dayStart);
  const [today, sentToday] = await Promise.all([
    db.pets.where('typedAt').between(dayStart, dayEnd, true, false).toArray(),
    db.pets.where('sentAt').between(dayStart, dayEnd, true, false).count(),
  ]);
  const rows = today as unknown[] as Partial<Record<'key' | 'typedAt' | 'imported', unknown>>[];
  const taken = rows.filter((row) => typeof row.typedAt === 'number');
  return {
    db,
    dayStart,
    typedTimes: taken.map((row) => row.typedAt as number),
    typedKeys: taken.map((row) => String(row.key)),
    importedToday: taken.filter((row) => row.imported === 1).length,
    sentToday,
  };
}

/**
 * Every animal's category id. The `[categoryId+nameKey]` index holds both, so
 * only its keys are read, not the rows; a row the index lacks (no `nameKey`)
 * makes the counts differ, and the rows are read instead.
 */
export async function readCategoryIds(db: KennelDb): Promise<CategoryAnswer> {
  const [keys, total] = await Promise.all([
    db.pets.orderBy('[categoryId+nameKey]').keys(),
    db.pets.count(),
  ]);
  if (keys.length === total) {
    const ids = keys.map((key) => (Array.isArray(key) ? String(key[0]) : ''));
    return { db, categoryIds: ids };
  }
  const rows = await db.pets.toArray();
  return { db, categoryIds: rows.map((row) => String(row.categoryId)) };
}

/** The names of some animals; `keys` (joined) tells a stale answer from a current one. */
export interface NamesAnswer {
  db: KennelDb;
  keys: string;
  names: Map<string, string>;
}

/** The names of the animals of `keys`, read by key; an animal no longer here has none. */
export async function readNames(db: KennelDb, keys: readonly string[]): Promise<NamesAnswer> {
  const rows = keys.length === 0 ? [] : await db.pets.bulkGet([...keys]);
  const names = new Map<string, string>();
  rows.forEach((row, index) => {
    const key = keys[index];
    if (row !== undefined && key !== undefined && typeof row.name === 'string') {
      names.set(key, row.name);
    }
  });
  return { db, keys: keys.join('\n'), names };
}
