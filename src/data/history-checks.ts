/**
 * Shape check for the desk's history rows (`history-event.ts`) that arrive
 * from outside this desk's own writes: a desk file, or the move to the app's
 * own origin (see `row-checks.ts` for why rows are checked at all).
 */
import { HISTORY_KINDS } from './history-event';
import { isRecord } from './row-checks';

const KINDS: readonly string[] = HISTORY_KINDS;
const TEXT_FIELDS = ['petKey', 'petId', 'name', 'batch', 'initials'] as const;

/** What is wrong with a `history` row, or null when it is a valid {@link HistoryEvent}. */
export function historyEventProblem(row: unknown): string | null {
  if (!isRecord(row)) return 'not an object';
  if (typeof row.key !== 'string' || row.key === '') return 'key is missing';
  if (typeof row.at !== 'number' || !Number.isFinite(row.at)) return 'at is not a number';
  if (typeof row.kind !== 'string' || !KINDS.includes(row.kind)) return 'kind is not a kind';
  if (typeof row.desk !== 'string') return 'desk is not text';
  for (const field of TEXT_FIELDS) {
    if (row[field] !== undefined && typeof row[field] !== 'string') return `${field} is not text`;
  }
  if (row.count !== undefined && (!Number.isSafeInteger(row.count) || (row.count as number) < 0)) {
    return 'count is not a number of animals';
  }
  return null;
}
