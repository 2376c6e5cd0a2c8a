import type { Page } from '@playwright/test';
import { drawPhoto } from '../../helpers/e2e/photo-tools';
import { PROFILE_DB } from '../lib/offline-host';
import { benchRows, loadPetsModule, seedStore, waitForStore } from '../render/seed';
import { benchRecords, BENCH_RECORD, loadRecordModules } from '../search/records';

/** What desk A holds, for the results file. */
export const DESK_A =
  'synced animals taken in at this desk (history: when typed and sent), 12 named categories, and for each animal an intake record and a photo';

/** The photos drawn: 800 × 600 as the app keeps them, grain chosen so each is about 100 KB. */
const PHOTO = { width: 800, height: 600, grain: 3, type: 'image/jpeg' } as const;
/** Distinct photos drawn; the animals share them, each with its own comment segment. */
const DRAWN = 8;
/** Photos written per transaction and per message to the page: some 13 MB of text. */
const PHOTO_CHUNK = 100;
const HOUR_MS = 60 * 60 * 1000;

// prettier-ignore
const CATEGORY_NAMES = [
  'Dogs', 'Cats', 'Puppies', 'Kittens', 'Rabbits', 'Guinea pigs',
  'Birds', 'Ferrets', 'Hamsters', 'Reptiles', 'Horses', 'Other',
];

interface SeedProbe {
  putPhotos(
    dbName: string,
    bases: { base64: string; width: number; height: number }[],
    keys: string[],
  ): Promise<number[]>;
}

// Only read inside functions that run in the page.
declare const window: { __kennelDeskFileBench?: SeedProbe };

/** What was seeded. */
export interface SeededDesk {
  animals: number;
  record: string;
  /** The photos' JPEG bytes: each one, in all. */
  photoBytes: { smallest: number; largest: number; total: number };
}

/**
 * Fills desk A's `local` profile, on a page where the app has run once (so
 * its schema exists): `animals` synced animals as the data layer writes them,
 * each with an intake record checked by the app's own read-back check and a
 * photo of about 100 KB. Written with raw IndexedDB; the page must be loaded
 * again before the app sees it.
 */
export async function seedDesk(page: Page, animals: number, seed: number): Promise<SeededDesk> {
  const pets = await loadPetsModule();
  const mods = await loadRecordModules();
  await waitForStore(page, PROFILE_DB, 'photos');
  const now = Date.now();
  const rows = ((await benchRows(pets, animals)) as { key: string }[]).map((row, i) => ({
    ...row,
    // Taken in here over the last weeks, each sent an hour later: the desk's history.
    typedAt: now - (i % 500) * 2 * HOUR_MS - HOUR_MS,
    sentAt: now - (i % 500) * 2 * HOUR_MS,
  }));
  const records = benchRecords(mods, rows).map((record) => ({ ...record, hasPhoto: 1 }));
  const categories = CATEGORY_NAMES.map((name, i) => ({ id: String(i + 1), name }));
  await seedStore(page, PROFILE_DB, 'pets', rows);
  await seedStore(page, PROFILE_DB, 'records', records);
  await seedStore(page, PROFILE_DB, 'categories', categories);
  await seedStore(page, PROFILE_DB, 'photos', []);

  const bases: { base64: string; width: number; height: number }[] = [];
  for (let n = 0; n < DRAWN; n++) {
    const jpeg = await drawPhoto(page, { ...PHOTO, seed: seed + n });
    bases.push({ base64: jpeg.toString('base64'), width: PHOTO.width, height: PHOTO.height });
  }
  const keys = rows.map((row) => row.key);
  const sizes: number[] = [];
  for (let start = 0; start < keys.length; start += PHOTO_CHUNK) {
    const written = await page.evaluate(
      ([db, drawn, chunk]) => {
        const probe = window.__kennelDeskFileBench;
        if (probe === undefined) throw new Error('desk file probe missing');
        return probe.putPhotos(db, drawn, chunk);
      },
      [PROFILE_DB, bases, keys.slice(start, start + PHOTO_CHUNK)] as const,
    );
    sizes.push(...written);
  }
  return {
    animals,
    record: `${BENCH_RECORD}; a photo of ${PHOTO.width} × ${PHOTO.height} (${DRAWN} drawn JPEGs at quality 0.92, each animal's with its own comment segment)`,
    photoBytes: {
      smallest: Math.min(...sizes),
      largest: Math.max(...sizes),
      total: sizes.reduce((sum, n) => sum + n, 0),
    },
  };
}
