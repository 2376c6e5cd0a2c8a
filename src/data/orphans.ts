/**
 * Pending animals whose outbox entry is gone: shown as "waiting to sync" but
 * with nothing left that would ever send them (their entry was quarantined, or
 * removed by a foreign writer). Reported so the user can see them, never
 * deleted here.
 */
import type { CachedPet, KennelDb } from './db';
import { isCachedPet } from './row-checks';

const LOCAL_PREFIX = 'local:';

/**
 * Every valid pending row (`pending: 1`) whose `outboxId` names no outbox
 * entry, in list order. Read-only, so it can run inside a live query.
 *
 * It runs after every write to the queue, and a bulk import can leave a
 * thousand animals pending: so it first compares primary keys only (a pending
 * row is stored as `local:<its entry's id>`) and reads just the rows that do
 * not match an entry, which are normally none.
 */
export async function orphanedPendingRows(db: KennelDb): Promise<CachedPet[]> {
  const [pendingKeys, entryIds] = await Promise.all([
    db.pets.where('pending').equals(1).primaryKeys(),
    db.outbox.toCollection().primaryKeys(),
  ]);
  const entries = new Set<unknown>(entryIds);
  const suspects = pendingKeys.filter(
    (key) => !(typeof key === 'string' && entries.has(key.slice(LOCAL_PREFIX.length))),
  );
  if (suspects.length === 0) return [];
  const rows: unknown[] = await db.pets.bulkGet(suspects);
  const pending = rows.filter(isCachedPet).filter((row) => row.pending === 1);
  const ids = pending.map((row) => row.outboxId ?? '');
  const found = ids.length === 0 ? [] : await db.outbox.bulkGet(ids);
  return pending
    .filter((row, i) => row.outboxId === null || found[i] === undefined)
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
}
