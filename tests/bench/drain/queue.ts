import type { NewPet } from '../../../electron/contract/pet';

/**
 * The animals both clients must deliver. Names are unique and numbered, so the
 * service's store tells exactly which were created, lost or duplicated.
 */
export function benchQueue(count: number, prefix: string): NewPet[] {
  const statuses = ['available', 'pending', 'sold'] as const;
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${String(i + 1).padStart(4, '0')}`,
    categoryId: String(1 + (i % 12)),
    status: statuses[i % statuses.length] as (typeof statuses)[number],
  }));
}
