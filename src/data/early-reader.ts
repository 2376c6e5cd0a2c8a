/**
 * The reader that answers the list's first pages before the data layer (Dexie,
 * `layer.ts`) has loaded. `main.ts` opens it before the app mounts and asks at
 * once for the page the list opens on, then mounts once that page is read (or
 * a short wait is over): the mount then builds the table with its rows, and
 * the first frame already shows them.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { pageWindow } from './page-window';
import type { CachedPet } from './db';
import { profileDbName } from './db-name';
import { openCacheReader, type CacheReader } from './first-page';
import type { StatusFilter } from './pets';

/** The window the list opens on: every animal, from the top (see `stores/pets.ts`). */
const OPENING = { filter: 'all' as StatusFilter, ...pageWindow(0, 0) };

interface Early {
  profile: ProfileName;
  reader: Promise<CacheReader | null>;
  /** The opening page, asked for as soon as the reader opened; handed out once. */
  opening: Promise<CachedPet[] | null> | null;
  /** Resolves once the opening page is read or failed. */
  settled: Promise<void>;
}

let current: Early | null = null;

function open(profile: ProfileName): Early {
  const reader = openCacheReader(profileDbName(profile));
  const opening = reader.then(
    (r) => r?.page(OPENING.filter, OPENING.offset, OPENING.limit) ?? null,
  );
  // Read or not, a failure here is met again (and reported) by the page asked for later.
  const settled = opening.then(
    () => undefined,
    () => undefined,
  );
  return { profile, reader, opening, settled };
}

/**
 * Opens `profile`'s reader (once) and asks for the list's opening page.
 * Resolves once that page is read, or could not be: never rejects.
 */
export function startFirstPageReader(profile: ProfileName): Promise<void> {
  if (current?.profile !== profile) {
    closeFirstPageReader();
    current = open(profile);
  }
  return current.settled;
}

/**
 * One page of `profile`'s list read without Dexie; null when there is no
 * usable cache yet (nothing to show until the data layer has loaded).
 */
export function readEarlyPage(
  profile: ProfileName,
  filter: StatusFilter,
  offset: number,
  limit: number,
): Promise<CachedPet[] | null> {
  startFirstPageReader(profile);
  const early = current as Early;
  const { opening } = early;
  if (
    opening !== null &&
    filter === OPENING.filter &&
    offset === OPENING.offset &&
    limit === OPENING.limit
  ) {
    early.opening = null;
    return opening;
  }
  return early.reader.then((reader) => reader?.page(filter, offset, limit) ?? null);
}

/** Closes the reader once the data layer answers instead. */
export function closeFirstPageReader(): void {
  const closing = current;
  current = null;
  void closing?.reader.then((reader) => reader?.close());
}
