/**
 * Reads one profile's part of a desk file out of its database
 * (`desk-contents.ts`). Everything but the photos is read in one read-only
 * transaction, so the queue, the records and the history agree with each
 * other; the photos follow one at a time, as the file takes them, so a
 * thousand of them are never in memory at once.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { bytesOf } from '../files/data-url';
import { readCardSize } from './card-size';
import { readCategories } from './categories';
import type { CachedPet, KennelDb } from './db';
import type { PhotoToSave, ProfileContents, ProfileToSave } from './desk-contents';
import { historyEventProblem } from './history-checks';
import type { HistoryEvent } from './history-event';
import { readHoldSeconds } from './hold';
import type { IntakeRecord } from './intake-record';
import { readOutbox } from './outbox-reads';
import { readAllRecords } from './records';
import { isCachedPet } from './row-checks';
import { readStrayHoldDays } from './stray-hold';

/** Whether a profile holds anything a desk file would carry. */
export function holdsAnything(contents: ProfileContents): boolean {
  return (
    contents.records.length > 0 ||
    contents.queue.length > 0 ||
    contents.categories.length > 0 ||
    contents.history.length > 0 ||
    contents.animals.some((row) => row.typedAt !== undefined)
  );
}

/** One profile's contents and its photos, ready for the file. */
export async function profileToSave(
  db: KennelDb,
  profile: ProfileName,
  serviceUrl: string,
): Promise<ProfileToSave> {
  const tables = [
    db.pets,
    db.outbox,
    db.meta,
    db.records,
    db.categories,
    db.quarantine,
    db.history,
  ];
  const contents = await db.transaction('r', tables, async () => {
    const records = await readAllRecords(db);
    const cardSize = await readCardSize(db);
    const contents: ProfileContents = {
      profile,
      serviceUrl,
      settings: {
        holdSeconds: await readHoldSeconds(db),
        strayHoldDays: await readStrayHoldDays(db),
        ...(cardSize === undefined ? {} : { cardSize }),
      },
      categories: await readCategories(db),
      records,
      photos: [],
      animals: await readSentAnimals(db),
      queue: await readOutbox(db),
      history: await readHistoryRows(db),
    };
    return contents;
  });
  const withPhoto = contents.records.filter((record) => record.hasPhoto === 1);
  return { contents, photos: () => photosOf(db, withPhoto) };
}

/** Animals read from IndexedDB at a time: a large shelter's cache in one request holds the window up. */
const ANIMAL_CHUNK = 1_000;

/** The service's animals in the cache (not the waiting ones), a chunk at a time in key order. */
async function readSentAnimals(db: KennelDb): Promise<CachedPet[]> {
  const sent: CachedPet[] = [];
  let after: string | null = null;
  for (;;) {
    const range = after === null ? db.pets.toCollection() : db.pets.where(':id').above(after);
    const rows: unknown[] = await range.limit(ANIMAL_CHUNK).toArray();
    for (const row of rows) if (isCachedPet(row) && row.pending === 0) sent.push(row);
    if (rows.length < ANIMAL_CHUNK) return sent;
    after = (rows.at(-1) as { key: string }).key;
  }
}

/** The history, oldest first, a chunk at a time like the animals; a damaged row is left out. */
async function readHistoryRows(db: KennelDb): Promise<HistoryEvent[]> {
  const rows: HistoryEvent[] = [];
  let offset = 0;
  for (;;) {
    const chunk: unknown[] = await db.history
      .orderBy('at')
      .offset(offset)
      .limit(ANIMAL_CHUNK)
      .toArray();
    for (const row of chunk) if (historyEventProblem(row) === null) rows.push(row as HistoryEvent);
    if (chunk.length < ANIMAL_CHUNK) return rows;
    offset += chunk.length;
  }
}

/**
 * The photos of `records`, one at a time. An animal sent while the file is
 * written has its photo moved to its service ID: it is found there and still
 * saved under the key its record has in the file.
 */
async function* photosOf(
  db: KennelDb,
  records: readonly IntakeRecord[],
): AsyncGenerator<PhotoToSave> {
  for (const { key } of records) {
    const photo = await photoToSave(db, key);
    if (photo !== null) yield photo;
  }
}

/**
 * The photo of `key` as bytes. Apart from the generator, so the photo's
 * `data:` text (130 KB) is unreachable before the generator waits on the
 * file: kept across that wait, a thousand of them would outlive the young
 * garbage collections and swell the heap until a full one.
 */
async function photoToSave(db: KennelDb, key: string): Promise<PhotoToSave | null> {
  const photo = (await db.photos.get(key)) ?? (await movedPhoto(db, key));
  const read = photo === undefined ? null : bytesOf(photo.dataUrl);
  if (photo === undefined || read === null) return null;
  return { key, width: photo.width, height: photo.height, jpeg: read.bytes };
}

async function movedPhoto(db: KennelDb, key: string) {
  if (!key.startsWith('local:')) return undefined;
  const sent = await db.pets.where('outboxId').equals(key.slice('local:'.length)).first();
  return sent?.id ? db.photos.get(sent.id) : undefined;
}
