/**
 * The add form's duplicate rule: an animal with the same name (case, accents
 * and spacing aside) and the same category, added on this computer in the last
 * 30 days, is probably the same animal entered twice. The rule is pure; the
 * database reads that feed it are in `earlier.ts`.
 */
import { foldText } from '../text/fold';
import type { CachedPet, OutboxEntry } from '../data/db';
import { categoryLabel, type CategoryIndex } from '../data/category-list';
import { formatDateTime, formatLocale, formatShortTime } from '../format/clock';
import { t } from '../i18n';

/** How far back an earlier animal counts as a duplicate. */
const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** An animal already on this computer, with when it was added here. */
export interface EarlierAnimal {
  name: string;
  categoryId: string;
  /**
   * Epoch ms: when staff typed it here, or, for an animal fetched from the
   * service, when this computer first saw it.
   */
  addedAt: number;
  /**
   * Fetched from the service, not typed here: nobody here knows when it was
   * added, only that the service had it by `addedAt`.
   */
  fromService?: boolean;
}

/** The earlier animal each duplicate key was added as, newest first; see `earlier.ts`. */
export type EarlierByKey = ReadonlyMap<string, EarlierAnimal>;

/**
 * A cached animal as an earlier animal: typed here (pending, or synced with
 * its typing time kept) counts from the typing; one only fetched counts from
 * when this computer first saw it, and says so.
 */
export function earlierFromCache(row: CachedPet): EarlierAnimal {
  const { name, categoryId } = row;
  if (row.pending === 1) return { name, categoryId, addedAt: row.firstSeenAt };
  if (row.typedAt !== undefined) return { name, categoryId, addedAt: row.typedAt };
  return { name, categoryId, addedAt: row.firstSeenAt, fromService: true };
}

/** A queued animal as an earlier animal, typed when its entry was created. */
export function earlierFromEntry(entry: OutboxEntry): EarlierAnimal {
  const { name, categoryId } = entry.payload;
  return { name, categoryId, addedAt: entry.createdAt };
}

/** What an animal is compared by. */
export interface AnimalIdentity {
  name: string;
  categoryId: string;
}

// "007" and "7" are the same category to the service.
function canonicalCategory(categoryId: string): string {
  return categoryId.trim().replace(/^(-?)0+(?=\d)/, '$1');
}

/** The key two animals share when one would duplicate the other. */
export function duplicateKey(animal: AnimalIdentity): string {
  return foldedKey(animal.categoryId, foldText(animal.name));
}

/** {@link duplicateKey} from a name already folded (`foldText`), to fold it only once. */
export function foldedKey(categoryId: string, nameKey: string): string {
  return `${canonicalCategory(categoryId)}\u0000${nameKey}`;
}

/**
 * Of `earlier`, for each duplicate key in `wanted`, the animal added most
 * recently within the window before `now`. Something added "in the future"
 * (another clock) counts.
 */
export function newestPerKey(
  wanted: { has(key: string): boolean },
  earlier: Iterable<EarlierAnimal>,
  now: number,
): Map<string, EarlierAnimal> {
  const since = now - DUPLICATE_WINDOW_MS;
  const found = new Map<string, EarlierAnimal>();
  for (const animal of earlier) {
    if (animal.addedAt < since) continue;
    const key = duplicateKey(animal);
    if (!wanted.has(key)) continue;
    const known = found.get(key);
    if (known === undefined || animal.addedAt > known.addedAt) found.set(key, animal);
  }
  return found;
}

// The largest unit that fits, so it reads "3 minutes ago", not "180 seconds ago".
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
];

/** "3 minutes ago", "yesterday", "12 days ago": how long ago `at` was at `now`. */
export function addedAgo(at: number, now: number): string {
  const relative = new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'auto' });
  const elapsed = Math.max(0, now - at);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size || unit === 'second') {
      // At least one second: "now" would read oddly after "was added".
      const count = Math.max(1, Math.floor(elapsed / size));
      return relative.format(-count, unit);
    }
  }
  return relative.format(-1, 'second');
}

/**
 * "2:14 PM today", or a day and time for an earlier day: when this computer
 * first saw an animal the service already had.
 */
export function seenSince(at: number, now: number): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return sameDay ? t('animals.duplicate.today', { time: formatShortTime(at) }) : formatDateTime(at);
}

/**
 * "Bella (Dog) was added 3 minutes ago. Add another?" for an animal typed
 * here; "Bella (Dog) is already on the service, since at least 2:14 PM today.
 * Add another?" for one only fetched. The category by its name in
 * `categories` ("Category 17" when the list does not name it).
 */
export function duplicateWarning(
  earlier: EarlierAnimal,
  now: number,
  categories: CategoryIndex,
): string {
  const category = categoryLabel(earlier.categoryId, categories);
  if (earlier.fromService === true) {
    return t('animals.duplicate.warningOnService', {
      name: earlier.name,
      category,
      when: seenSince(earlier.addedAt, now),
    });
  }
  return t('animals.duplicate.warning', {
    name: earlier.name,
    category,
    ago: addedAgo(earlier.addedAt, now),
  });
}
