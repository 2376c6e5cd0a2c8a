/**
 * What the last refresh learned about how much of the service's catalogue this
 * computer holds. The spec shows no pagination beyond `limit` and no total, so
 * Kennel only ever says what the lists proved: a list that came back full with
 * no link to more was cut, and nothing is known of what lies beyond it.
 */
import { PET_STATUSES } from '../../electron/contract/pet';
import type { KennelDb } from '../data/db';
import type { ListName } from '../data/pets';
import { formatNumber } from '../format/clock';
import { t } from '../i18n';

/** The lists a refresh reads: the unfiltered one and one per status. */
export const CATALOGUE_LISTS: readonly ListName[] = ['all', ...PET_STATUSES];

/** How one list came back. */
export interface ListCoverage {
  /** Animals the list returned, over all its pages. */
  count: number;
  pages: number;
  /**
   * The service showed the list's end: a page shorter than the limit, or the
   * last of a chain of `Link` pages.
   */
  complete: boolean;
  /** A single full page and no link to more: the service shows no way to see the rest. */
  cut: boolean;
  /**
   * Why a list whose pages were followed was not read to its end: its links
   * went round in a loop, it had more pages than Kennel reads, or it linked
   * its next page to another address.
   */
  unfinished?: 'loop' | 'cap' | 'refused';
  /**
   * Not read because the unfiltered list was complete, which holds every
   * animal of every status.
   */
  coveredByAll?: boolean;
}

/** The coverage of the catalogue, as the last refresh left it. */
export interface CatalogueCoverage {
  /** When the last refresh that finished started and ended (local clock). */
  startedAt: number;
  finishedAt: number;
  lists: Partial<Record<ListName, ListCoverage>>;
  /**
   * When the last complete read of the unfiltered list started. A synced
   * animal the cache last saw before it was not returned by that read: it is
   * shown as "not seen since", never deleted.
   */
  lastCompleteAt: number | null;
}

export const COVERAGE_META_KEY = 'catalogue-coverage';

const UNFINISHED: readonly unknown[] = ['loop', 'cap', 'refused'];

function isListCoverage(value: unknown): value is ListCoverage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.count === 'number' &&
    typeof v.pages === 'number' &&
    typeof v.complete === 'boolean' &&
    typeof v.cut === 'boolean' &&
    (v.unfinished === undefined || UNFINISHED.includes(v.unfinished))
  );
}

/** Reads a stored coverage back, or null when there is none or it is not one. */
export function parseCoverage(value: unknown): CatalogueCoverage | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.startedAt !== 'number' || typeof v.finishedAt !== 'number') return null;
  if (v.lastCompleteAt !== null && typeof v.lastCompleteAt !== 'number') return null;
  const lists: CatalogueCoverage['lists'] = {};
  const raw = (typeof v.lists === 'object' && v.lists !== null ? v.lists : {}) as Record<
    string,
    unknown
  >;
  for (const list of CATALOGUE_LISTS) {
    const entry = raw[list];
    if (isListCoverage(entry)) lists[list] = entry;
  }
  return {
    startedAt: v.startedAt,
    finishedAt: v.finishedAt,
    lists,
    lastCompleteAt: v.lastCompleteAt as number | null,
  };
}

/** The stored coverage of a profile's catalogue; null before the first refresh. */
export async function readCoverage(db: KennelDb): Promise<CatalogueCoverage | null> {
  const row = await db.meta.get(COVERAGE_META_KEY);
  return parseCoverage(row?.value);
}

export async function writeCoverage(db: KennelDb, coverage: CatalogueCoverage): Promise<void> {
  await db.meta.put({ key: COVERAGE_META_KEY, value: coverage });
}

/** The lists of a coverage whose pages were not read to the end, and why. */
export function unfinishedLists(
  coverage: CatalogueCoverage | null,
): { list: ListName; count: number; why: NonNullable<ListCoverage['unfinished']> }[] {
  if (coverage === null) return [];
  return CATALOGUE_LISTS.flatMap((list) => {
    const entry = coverage.lists[list];
    return entry?.unfinished === undefined
      ? []
      : [{ list, count: entry.count, why: entry.unfinished }];
  });
}

/** The sentence for a list whose pages were not read to the end. */
export function unfinishedListNotice(
  list: ListName,
  count: number,
  why: NonNullable<ListCoverage['unfinished']>,
): string {
  const n = formatNumber(count);
  const key = list === 'all' ? 'readAll' : 'readList';
  const animals = list === 'all' ? '' : t(`animals.group.${list}`);
  return t(`animals.coverage.${key}.${why}`, { n, animals });
}

/** The lists of a coverage that were cut, in the order the UI names them. */
export function cutLists(coverage: CatalogueCoverage | null): ListName[] {
  if (coverage === null) return [];
  return CATALOGUE_LISTS.filter((list) => coverage.lists[list]?.cut === true);
}

/** The sentence for a cut list: what the service returned and that it shows no more. */
export function cutListNotice(list: ListName, count: number): string {
  if (list === 'all') return t('animals.coverage.cutAll', { n: formatNumber(count) });
  return t('animals.coverage.cutList', {
    n: formatNumber(count),
    animals: t(`animals.group.${list}`),
  });
}
