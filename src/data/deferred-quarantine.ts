/**
 * The read paths (list pages, lookups, the outbox the UI watches) run inside
 * Dexie live queries, where any write is refused. They only hand damaged rows
 * over to this queue; the move to the quarantine (or the repair) runs a moment
 * later on a timer, outside the query's context, in a transaction of its own.
 */
import type { KennelDb } from './db';
import { quarantineRows, type BadRow, type CheckedTable } from './quarantine';

type Waiting = Record<CheckedTable, BadRow[]>;

const waiting = new Map<KennelDb, Waiting>();
let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> = Promise.resolve();

async function settle(): Promise<void> {
  const jobs = [...waiting];
  waiting.clear();
  for (const [db, tables] of jobs) {
    for (const table of ['outbox', 'pets', 'categories'] as const) {
      try {
        await db.outsideTransaction(() => quarantineRows(db, table, tables[table]));
      } catch {
        // A closed or failing database: the rows stay where they are, still
        // filtered out by every read, and are handed over again next read.
      }
    }
  }
}

function schedule(): void {
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    running = running.then(settle);
  }, 0);
}

/**
 * Hands rows that failed their check to the deferred quarantine step. Safe
 * anywhere, live queries included: it writes nothing now.
 */
export function deferQuarantine(db: KennelDb, table: CheckedTable, rows: readonly BadRow[]): void {
  if (rows.length === 0) return;
  let tables = waiting.get(db);
  if (!tables) {
    tables = { pets: [], outbox: [], categories: [] };
    waiting.set(db, tables);
  }
  tables[table].push(...rows);
  schedule();
}
