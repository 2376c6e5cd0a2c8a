/**
 * Rows that fail validation are moved here: kept (the user's data is never
 * thrown away silently) and counted so the UI can say something is off.
 */
import type { IndexableType } from 'dexie';
import type { KennelDb, QuarantineRow } from './db';

/** A row that failed its check, with the reason. */
export interface BadRow {
  /** Primary key in its table, as stored (it may itself be malformed). */
  key: IndexableType;
  row: unknown;
  problem: string;
}

/**
 * Moves `rows` of `table` to the quarantine in one transaction, so a row is
 * never in neither place.
 */
export async function quarantineRows(
  db: KennelDb,
  table: 'pets' | 'outbox',
  rows: readonly BadRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const source = db.table(table);
  const at = Date.now();
  await db.transaction('rw', source, db.quarantine, async () => {
    for (const bad of rows) {
      // Another window may have moved it already; only move what is still there.
      if ((await source.get(bad.key)) === undefined) continue;
      await db.quarantine.add({ table, row: bad.row, problem: bad.problem, at });
      await source.delete(bad.key);
    }
  });
}

/** How many rows are in quarantine, for the UI to report. */
export function quarantineCount(db: KennelDb): Promise<number> {
  return db.quarantine.count();
}

/** All quarantined rows, oldest first, for a diagnostics view or export. */
export function quarantinedRows(db: KennelDb): Promise<QuarantineRow[]> {
  return db.quarantine.orderBy('id').toArray();
}

/** The primary key stored in `row` under `field` (inline keys), whatever its type. */
export function storedKey(row: unknown, field: 'key' | 'id'): IndexableType {
  if (typeof row === 'object' && row !== null) {
    return (row as Record<string, unknown>)[field] as IndexableType;
  }
  return '';
}
