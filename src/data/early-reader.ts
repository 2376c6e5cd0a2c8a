/**
 * The reader that answers the list's first pages before the data layer (Dexie,
 * `layer.ts`) has loaded. `main.ts` opens it before the app mounts, so the
 * browser opens the database while Vue mounts instead of after.
 */
import type { ProfileName } from '../../electron/contract';
import { profileDbName } from './db-name';
import { openCacheReader, type CacheReader } from './first-page';

let current: { profile: ProfileName; reader: Promise<CacheReader | null> } | null = null;

/** The reader of `profile`'s cache (opened once); null when it has no usable cache yet. */
export function firstPageReader(profile: ProfileName): Promise<CacheReader | null> {
  if (current?.profile !== profile) {
    closeFirstPageReader();
    current = { profile, reader: openCacheReader(profileDbName(profile)) };
  }
  return current.reader;
}

/** Closes the reader once the data layer answers instead. */
export function closeFirstPageReader(): void {
  const closing = current;
  current = null;
  void closing?.reader.then((reader) => reader?.close());
}
