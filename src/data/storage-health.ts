/**
 * Storage health: ask the browser to keep our data when disk runs low, say
 * how much room Kennel takes and has left, and learn at start whether this
 * page may keep data at all.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { formatBytes } from '../format/bytes';
import { formatNumber } from '../format/clock';
import { profileLabel } from '../format/profile';
import { t } from '../i18n';
import type { KennelDb } from './db';
import { pageIndexedDb } from './page-idb';
import { isStorageFull } from './storage';

/**
 * Asks for persistent storage (`navigator.storage.persist()`), so the browser
 * does not evict the outbox under storage pressure. Resolves true when storage
 * is (or already was) persistent; false when refused or not available.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** What the browser says of this origin's storage; null where it says nothing. */
export interface StorageFigures {
  /** Bytes this origin uses, every database and cache together. */
  usedBytes: number | null;
  /** Bytes it may use in all, used ones included. */
  quotaBytes: number | null;
  /** Whether the browser promised not to clear it under storage pressure. */
  persisted: boolean | null;
}

/**
 * The figures of `navigator.storage` (`estimate()`, `persisted()`). Never
 * throws: a browser without the API, or one that refuses, gives nulls.
 */
export async function storageFigures(): Promise<StorageFigures> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const figures: StorageFigures = { usedBytes: null, quotaBytes: null, persisted: null };
  if (!storage) return figures;
  try {
    if (typeof storage.estimate === 'function') {
      const { usage, quota } = await storage.estimate();
      figures.usedBytes = typeof usage === 'number' ? usage : null;
      figures.quotaBytes = typeof quota === 'number' ? quota : null;
    }
  } catch {
    // The figures stay unknown.
  }
  try {
    if (typeof storage.persisted === 'function') figures.persisted = await storage.persisted();
  } catch {
    // Unknown too.
  }
  return figures;
}

/** Below this share of its quota left, Settings warns that space runs low. */
const LOW_SHARE = 0.1;

/** What Settings says of this computer's storage, in the language in use. */
export interface StorageReport {
  /** How much Kennel uses and how much is left. */
  space: string;
  /** Said when little is left: what to do before it runs out; null otherwise. */
  low: string | null;
  /** Whether the data is kept safe from being cleared, and what to do when it is not. */
  kept: string;
  /** True when the browser refused to keep the data: asking again may help. */
  refused: boolean;
}

/** {@link StorageFigures} in plain words, sizes in `locale`'s way of writing numbers. */
export function describeStorage(figures: StorageFigures, locale: string): StorageReport {
  const { usedBytes, quotaBytes, persisted } = figures;
  let space: string;
  let low: string | null = null;
  if (usedBytes !== null && quotaBytes !== null && quotaBytes > 0) {
    const leftBytes = Math.max(0, quotaBytes - usedBytes);
    space = t('data.space.usedOf', {
      used: formatBytes(usedBytes, locale),
      quota: formatBytes(quotaBytes, locale),
      left: formatBytes(leftBytes, locale),
    });
    if (leftBytes < quotaBytes * LOW_SHARE) low = t('data.space.low');
  } else if (usedBytes !== null) {
    space = t('data.space.usedOnly', { used: formatBytes(usedBytes, locale) });
  } else {
    space = t('data.space.unknown');
  }
  const kept =
    persisted === true
      ? t('data.space.kept')
      : persisted === false
        ? t('data.space.notKept')
        : t('data.space.keptUnknown');
  return { space, low, kept, refused: persisted === false };
}

/** The photos a profile keeps on this computer (`photos` table). */
export interface PhotoFigures {
  count: number;
  /**
   * Their size as stored: a photo is kept as a JPEG `data:` URL, text of
   * plain ASCII that IndexedDB keeps at a byte a character.
   */
  bytes: number;
}

/**
 * Counts the profile's photos and their size. Read one photo at a time, so a
 * profile with thousands of them never holds them all in memory at once.
 */
export async function photoFigures(db: KennelDb): Promise<PhotoFigures> {
  let count = 0;
  let bytes = 0;
  await db.photos.each((photo) => {
    count += 1;
    if (typeof photo.dataUrl === 'string') bytes += photo.dataUrl.length;
  });
  return { count, bytes };
}

/** {@link PhotoFigures} in a sentence that names the profile, sizes in `locale`'s way. */
export function describePhotos(
  figures: PhotoFigures,
  profile: ProfileName,
  locale: string,
): string {
  return t(
    'settings.storage.photos',
    {
      n: formatNumber(figures.count),
      profile: profileLabel(profile),
      size: formatBytes(figures.bytes, locale),
    },
    figures.count,
  );
}

/** How many rows of the desk's history the profile keeps (`history` table): one native count. */
export async function historyCount(db: KennelDb): Promise<number> {
  return db.history.count();
}

/** {@link historyCount} in a sentence that names the profile. */
export function describeHistory(count: number, profile: ProfileName): string {
  return t(
    'settings.storage.history',
    { n: formatNumber(count), profile: profileLabel(profile) },
    count,
  );
}

/** The database opened only to learn whether this page may keep data at all. */
const PROBE_DB = 'kennel-storage-check';

/**
 * Why this page cannot keep data on this computer (IndexedDB missing, as in a
 * browser that blocks site data, or refusing to open, as in some private
 * windows); null when it can. Asked once at start, so the app says so at once
 * instead of showing empty screens and failing at the first animal.
 */
export async function storageRefusal(
  factory: IDBFactory | undefined = pageIndexedDb(),
): Promise<unknown> {
  if (factory === undefined) return new DOMException('IndexedDB is missing.', 'MissingAPIError');
  try {
    await new Promise<void>((resolve, reject) => {
      const open = factory.open(PROBE_DB);
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error ?? new DOMException('Refused.', 'UnknownError'));
      open.onblocked = () => resolve();
    });
    return null;
  } catch (error) {
    // A full disk refuses even this empty database, yet the page may keep data:
    // staff are told so, with what to do, at the first write instead.
    return isStorageFull(error) ? null : error;
  }
}

/** True when this page has no IndexedDB at all: known at once, without opening anything. */
export function indexedDbMissing(): boolean {
  return pageIndexedDb() === undefined;
}
