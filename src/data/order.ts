/**
 * The `order` index of the pets table. One string per row whose lexicographic
 * order is the list order: pending animals first in the order they were taken
 * in, then synced animals newest first (service id descending). IndexedDB sorts
 * strings by code unit, so numbers are fixed-width and the id is complemented.
 */

const INT64_MAX = 9223372036854775807n;
const SEQ_WIDTH = 15;
const ID_WIDTH = 19;

/** Order key of a pending animal, from its outbox entry's `seq`. */
export function pendingOrder(seq: number): string {
  const safe = Number.isSafeInteger(seq) && seq >= 0 ? seq : 0;
  return `0:${String(safe).padStart(SEQ_WIDTH, '0')}`;
}

/**
 * Order key of a synced animal. Larger ids must sort first, so the key holds
 * `INT64_MAX - id`, zero-padded to the width of INT64_MAX.
 */
export function syncedOrder(id: string): string {
  let value: bigint;
  try {
    value = BigInt(id);
  } catch {
    value = 0n;
  }
  if (value < 0n) value = 0n;
  if (value > INT64_MAX) value = INT64_MAX;
  return `1:${(INT64_MAX - value).toString().padStart(ID_WIDTH, '0')}`;
}
