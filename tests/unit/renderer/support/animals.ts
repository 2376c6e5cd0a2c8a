import type { Pet } from '../../../../electron/contract/pet';

/** Animals `from`..`from + count - 1`, as the service lists them, all available. */
export function animals(count: number, from = 1): Pet[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(from + i),
    name: `Animal ${from + i}`,
    categoryId: '1',
    status: 'available',
  }));
}
