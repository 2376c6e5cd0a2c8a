import ky from 'ky';
import type { NewPet } from '../../../electron/contract/pet';

/**
 * What a client without a governor or outbox does: ky with its default retry
 * options, one POST after another, as fast as answers come back. ky does not
 * retry POST by default (it is not idempotent), so each failed request is an
 * animal that was never created unless someone types it in again.
 *
 * Resolves with how many requests ended in an error; the service's own record
 * is what the benchmark reports.
 */
export async function naiveDrain(
  baseUrl: string,
  key: string,
  queue: readonly NewPet[],
): Promise<number> {
  const client = ky.create({
    prefixUrl: baseUrl,
    headers: { authorization: `Bearer ${key}` },
  });
  let failed = 0;
  for (const pet of queue) {
    try {
      // On the wire categoryId is a JSON integer; the bench's ids are small enough for a number.
      await client.post('pets', { json: { ...pet, categoryId: Number(pet.categoryId) } });
    } catch {
      failed++;
    }
  }
  return failed;
}
