/**
 * The `pets` row that shows an animal while its outbox entry waits to be sent.
 * `typedAt` is when staff typed it: a corrected animal keeps its first time.
 */
import type { NewPet } from '../../electron/contract/pet';
import type { CachedPet, OutboxEntry } from './db';
import { foldText } from '../text/fold';
import { pendingOrder } from './order';

/** Whether an outbox entry came in through Import: an import's entries share a `batchId`. */
export function cameByImport(entry: Pick<OutboxEntry, 'batchId'>): boolean {
  return entry.batchId !== undefined;
}

/**
 * The pending row of the outbox entry `outboxId` (`seq` places it in the
 * list); `imported` marks an animal that came in through Import.
 */
export function pendingRow(
  localKey: string,
  outboxId: string,
  payload: NewPet,
  seq: number,
  now: number,
  typedAt: number = now,
  imported = false,
): CachedPet {
  const row: CachedPet = {
    key: localKey,
    id: null,
    name: payload.name,
    nameKey: foldText(payload.name),
    categoryId: payload.categoryId,
    status: payload.status ?? null,
    pending: 1,
    outboxId,
    order: pendingOrder(seq),
    updatedAt: now,
    firstSeenAt: now,
    typedAt,
  };
  if (imported) row.imported = 1;
  return row;
}

/**
 * The pending row of `entry` once its animal is corrected to `payload`: its
 * place in the list, when it was typed and how it came in stay as they were.
 */
export function correctedRow(entry: OutboxEntry, payload: NewPet, now: number): CachedPet {
  const { localKey, id, seq, createdAt } = entry;
  return pendingRow(localKey, id, payload, seq, now, createdAt, cameByImport(entry));
}
