/**
 * Rows that fail validation are moved here: kept (the user's data is never
 * thrown away silently) and counted so the UI can say something is off. An
 * outbox row whose animal is still valid is repaired instead (see
 * `outbox-repair.ts`), so it stays in the user's hands.
 */
import type { IndexableType } from 'dexie';
import type { KennelDb, QuarantineRow } from './db';
import { profileOfDb, repairOutboxRow } from './outbox-repair';
import { pendingRow } from './pending-row';
import { cachedPetProblem, categoryRowProblem, outboxEntryProblem } from './row-checks';

/** A row that failed its check, with the reason. */
export interface BadRow {
  /** Primary key in its table, as stored (it may itself be malformed). */
  key: IndexableType;
  row: unknown;
  problem: string;
}

/** The tables whose rows are checked on read. */
export type CheckedTable = 'pets' | 'outbox' | 'categories';

function problemOf(table: CheckedTable, row: unknown): string | null {
  if (table === 'pets') return cachedPetProblem(row);
  return table === 'outbox' ? outboxEntryProblem(row) : categoryRowProblem(row);
}

/**
 * Moves `rows` of `table` to the quarantine in one transaction, so a row is
 * never in neither place. Each row is checked again as it is now stored: one
 * rewritten since it was read is left alone, and an outbox row whose animal is
 * still valid is repaired into 'needs-attention' (with its pending animal)
 * rather than moved. A read-write transaction: never call it inside a live
 * query; read paths use `deferQuarantine`.
 */
export async function quarantineRows(
  db: KennelDb,
  table: CheckedTable,
  rows: readonly BadRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const source = db.table(table);
  const at = Date.now();
  const profile = profileOfDb(db.name);
  await db.transaction('rw', [db.pets, db.outbox, db.categories, db.quarantine], async () => {
    let fallbackSeq: number | null = null;
    for (const bad of rows) {
      if (bad.key === undefined || bad.key === null) continue;
      // Another window may have moved or fixed it already.
      const current: unknown = await source.get(bad.key);
      if (current === undefined) continue;
      const problem = problemOf(table, current);
      if (problem === null) continue;
      if (table === 'outbox') {
        if (fallbackSeq === null) {
          const last: unknown = await db.outbox.orderBy('seq').last();
          const seq = (last as { seq?: unknown } | undefined)?.seq;
          fallbackSeq = (typeof seq === 'number' && Number.isFinite(seq) ? seq : 0) + 1;
        }
        const repaired = repairOutboxRow(current, { profile, now: at, fallbackSeq });
        if (repaired !== null) {
          await db.outbox.put(repaired);
          if ((await db.pets.get(repaired.localKey)) === undefined) {
            const { localKey, id, payload, seq } = repaired;
            await db.pets.put(pendingRow(localKey, id, payload, seq, at, repaired.createdAt));
          }
          continue;
        }
      }
      await db.quarantine.add({ table, row: current, problem, at });
      await source.delete(bad.key);
    }
  });
}

/** How many rows are in quarantine, for the UI to report. Read-only: fine in a live query. */
export function quarantineCount(db: KennelDb): Promise<number> {
  return db.quarantine.count();
}

/** All quarantined rows, oldest first, for a diagnostics view or export. Read-only. */
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
