/**
 * The `pets` row that shows an animal while its outbox entry waits to be sent.
 * `typedAt` is when staff typed it: a corrected animal keeps its first time.
 */
import type { NewPet } from '../../electron/contract';
import type { CachedPet } from './db';
import { foldText } from '../text/fold';
import { pendingOrder } from './order';

/** The pending row of the outbox entry `outboxId` (`seq` places it in the list). */
export function pendingRow(
  localKey: string,
  outboxId: string,
  payload: NewPet,
  seq: number,
  now: number,
  typedAt: number = now,
): CachedPet {
  return {
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
}
