import type { CachedPet } from '../data/db';

/** The badge a row of the animals list carries about its sync state. */
export type RowBadge = 'attention' | 'waiting' | null;

/**
 * A pending animal whose queue entry the service refused (or whose entry is
 * gone, so nothing will send it) needs a person, not patience: it is badged
 * "needs attention", matching the sync panel's counts, never "waiting to sync".
 */
export function rowBadge(row: CachedPet, needsAttention: ReadonlySet<string>): RowBadge {
  if (row.pending !== 1) return null;
  if (needsAttention.has(row.key)) return 'attention';
  if (row.outboxId !== null && needsAttention.has(row.outboxId)) return 'attention';
  return 'waiting';
}
