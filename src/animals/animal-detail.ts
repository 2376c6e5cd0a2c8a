import type { CachedPet } from '../data/db';
import type { ListName } from '../data/pets';

/** An animal as the detail panel shows it, wherever it came from. */
export interface AnimalDetail {
  /** Cache key: the service id, or `local:<uuid>` while waiting to sync. */
  key: string;
  id: string | null;
  name: string;
  categoryId: string;
  status: string | null;
  /** Still waiting to be sent to the service. */
  pending: boolean;
  /**
   * `service` when it had to be fetched with the deprecated `getPet`; `lists`
   * when `getPet` is retired and the animal was found in the service's lists.
   */
  source: 'cache' | 'service' | 'lists';
  /** With `lists`: the list it was found in. */
  foundIn?: ListName;
  /** The removal date the service announced for `getPet`, when it sent one. */
  sunset: string | null;
  /** The other desk that took it in, when a desk file added that desk's history here. */
  otherDesk?: { label: string; typedAt: number };
}

/** The detail view of a cached row. */
export function detailFromCache(row: CachedPet): AnimalDetail {
  const detail: AnimalDetail = {
    key: row.key,
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    status: row.status,
    pending: row.pending === 1,
    source: 'cache',
    sunset: null,
  };
  if (row.otherDesk !== undefined) detail.otherDesk = row.otherDesk;
  return detail;
}

/**
 * `detail` brought up to date with its cached row (it may have been sent, and
 * so have a new key and an ID), keeping where it was first found.
 */
export function detailWithRow(detail: AnimalDetail, row: CachedPet): AnimalDetail {
  const now = detailFromCache(row);
  const followed: AnimalDetail = {
    ...detail,
    key: now.key,
    id: now.id,
    name: now.name,
    categoryId: now.categoryId,
    status: now.status,
    pending: now.pending,
  };
  if (now.otherDesk !== undefined) followed.otherDesk = now.otherDesk;
  return followed;
}
