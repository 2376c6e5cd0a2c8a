/**
 * Pending animals whose outbox entry is gone: shown as "waiting to sync" but
 * with nothing left that would ever send them (their entry was quarantined, or
 * removed by a foreign writer). Reported so the user can see them, never
 * deleted here.
 */
import type { CachedPet, KennelDb } from './db';
import { isCachedPet } from './row-checks';

/**
 * Every valid pending row (`pending: 1`) whose `outboxId` names no outbox
 * entry, in list order. Read-only, so it can run inside a live query.
 */
export async function orphanedPendingRows(db: KennelDb): Promise<CachedPet[]> {
  const pending: unknown[] = await db.pets.where('pending').equals(1).toArray();
  const rows = pending.filter(isCachedPet);
  const ids = rows.map((row) => row.outboxId ?? '');
  const entries = ids.length === 0 ? [] : await db.outbox.bulkGet(ids);
  return rows
    .filter((row, i) => row.outboxId === null || entries[i] === undefined)
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
}

/** How many pending animals have lost their outbox entry (see {@link orphanedPendingRows}). */
export async function orphanedPendingCount(db: KennelDb): Promise<number> {
  return (await orphanedPendingRows(db)).length;
}
