/**
 * Writes what staff chose to take from a desk file into one profile's
 * database. What to take is decided above (`src/desk-file/desk-plan.ts`);
 * here it is written so that nothing is lost and nothing is sent twice:
 *
 * - photos first, a few at a time (a thousand photos in one transaction
 *   would hold them all in memory), then everything else in ONE transaction:
 *   records with the queue they belong to, categories, history, settings;
 * - a queued animal is taken once: not when its entry is here already, not
 *   when it was sent from here, not when the same file's queue was taken
 *   before;
 * - each taken entry is marked as an attempt whose outcome is unknown, so it
 *   is looked up on the service before it is sent (`src/sync/reconcile.ts`):
 *   the old desk may have sent it before it died.
 */
import type { KennelDb, CachedPet, OutboxEntry } from './db';
import type { Category } from './category-list';
import { saveCardSize } from './card-size';
import type { PhotoRead, ProfileSettings } from './desk-contents';
import type { IntakeRecord, StoredPhoto } from './intake-record';
import type { HistoryEvent } from './history-event';
import { dataUrlOf } from '../files/data-url';
import { writeCategories } from './categories';
import { saveHoldSeconds } from './hold';
import { syncedOrder } from './order';
import { cameByImport, pendingRow } from './pending-row';
import { saveStrayHoldDays } from './stray-hold';
import { foldText } from '../text/fold';

/** What to write into one profile. */
export interface TakenProfile {
  /** Records to write whole, under their keys. */
  records: IntakeRecord[];
  /** The keys whose photo comes from the file. */
  photoKeys: string[];
  /** The whole category list after the merge, or null to leave it. */
  categories: Category[] | null;
  /** Service animals to merge into the cache (history, when each was first seen). */
  animals: CachedPet[];
  /** Outbox entries to take (a desk replaced); empty when adding. */
  queue: OutboxEntry[];
  settings: ProfileSettings | null;
  /**
   * The desk's history rows to take: added by key, so a row this desk has
   * already (the same act, from an earlier file) is never there twice.
   */
  history: HistoryEvent[];
  /** The file whose queue is taken: remembered, so it is never taken twice. */
  fileId: string | null;
}

/** What the write did, for the closing words. */
export interface TakeOutcome {
  records: number;
  photos: number;
  queued: number;
  /** Queued animals left out: already here, sent from here, or the file's queue taken before. */
  queueSkipped: number;
}

/** `meta` key of the files whose queue this profile has taken. */
const TAKEN_FILES_KEY = 'deskFile.takenQueues';

/**
 * How much earlier than an entry's typing its lookup reaches back. The two
 * desks' clocks may differ; an animal this desk saw a little before the old
 * desk typed it (by its own clock) is still treated as possibly the one sent,
 * so the lookup asks rather than sends again.
 */
const CLOCK_MARGIN_MS = 60 * 60 * 1000;

/**
 * Rows written per request inside the one transaction: a thousand at once
 * would hold the window up for as long as IndexedDB takes to copy them.
 */
const ROW_CHUNK = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < rows.length; start += ROW_CHUNK) {
    parts.push(rows.slice(start, start + ROW_CHUNK));
  }
  return parts;
}

/** Photos converted and written per transaction. */
const PHOTO_BATCH = 10;

/** Whether this profile took the queue of the file `fileId` before. */
export async function queueTakenBefore(db: KennelDb, fileId: string): Promise<boolean> {
  const row = await db.meta.get(TAKEN_FILES_KEY);
  return Array.isArray(row?.value) && row.value.includes(fileId);
}

/** Writes `taken` into `db`; see the module's comment. */
export async function writeTaken(
  db: KennelDb,
  taken: TakenProfile,
  photos: ReadonlyMap<string, PhotoRead>,
  now: number = Date.now(),
): Promise<TakeOutcome> {
  const places = await placesOf(db, taken);
  const keyOf = (key: string): string | null =>
    key.startsWith('local:') ? (places.get(key) ?? null) : key;
  const records = taken.records.flatMap((record) => {
    const key = keyOf(record.key);
    return key === null ? [] : [{ ...record, key }];
  });
  const written = await writePhotos(db, taken.photoKeys, photos, keyOf);
  const tables = [
    ...[db.pets, db.outbox, db.meta, db.records, db.photos],
    ...[db.categories, db.quarantine, db.history],
  ];
  const counts = await db.transaction('rw', tables, async () => {
    for (const part of chunks(records)) await db.records.bulkPut(part);
    if (taken.categories !== null) await writeCategories(db, taken.categories);
    if (taken.settings !== null) {
      await saveHoldSeconds(db, taken.settings.holdSeconds);
      await saveStrayHoldDays(db, taken.settings.strayHoldDays);
      if (taken.settings.cardSize !== undefined) await saveCardSize(db, taken.settings.cardSize);
    }
    await mergeAnimals(db, taken.animals);
    await addHistoryRows(db, taken.history);
    return takeQueue(db, taken, now);
  });
  return { records: records.length, photos: written, ...counts };
}

/**
 * Where the record and photo of each of the file's waiting animals belong
 * here, by its local key: the service ID of one already sent from here, its
 * own key for one queued here or taken now, nowhere (null) for one that is
 * neither (the file's queue was taken before, and the animal has gone on):
 * a record without its animal would still answer to its chip.
 */
async function placesOf(db: KennelDb, taken: TakenProfile): Promise<Map<string, string | null>> {
  const ids = taken.queue.map((entry) => entry.id);
  const [sent, here, takenBefore] = await Promise.all([
    ids.length === 0 ? [] : db.pets.where('outboxId').anyOf(ids).toArray(),
    db.outbox.bulkGet(ids),
    taken.fileId === null ? true : queueTakenBefore(db, taken.fileId),
  ]);
  const sentAs = new Map(
    sent.flatMap((row) =>
      row.pending === 0 && row.id !== null && row.outboxId !== null ? [[row.outboxId, row.id]] : [],
    ),
  );
  return new Map(
    taken.queue.map((entry, i) => {
      const place =
        sentAs.get(entry.id) ?? (here[i] !== undefined || !takenBefore ? entry.localKey : null);
      return [entry.localKey, place];
    }),
  );
}

async function writePhotos(
  db: KennelDb,
  keys: readonly string[],
  photos: ReadonlyMap<string, PhotoRead>,
  keyOf: (key: string) => string | null,
): Promise<number> {
  let written = 0;
  for (let start = 0; start < keys.length; start += PHOTO_BATCH) {
    const batch: StoredPhoto[] = [];
    for (const key of keys.slice(start, start + PHOTO_BATCH)) {
      const photo = photos.get(key);
      const place = keyOf(key);
      if (photo === undefined || place === null) continue;
      const dataUrl = await dataUrlOf(photo.jpeg);
      batch.push({ key: place, dataUrl, width: photo.width, height: photo.height });
    }
    await db.transaction('rw', db.photos, () => db.photos.bulkPut(batch));
    written += batch.length;
  }
  return written;
}

/** Adds the history rows this desk lacks, a chunk at a time; one it has already stays as it is. */
async function addHistoryRows(db: KennelDb, rows: readonly HistoryEvent[]): Promise<void> {
  for (const part of chunks(rows)) {
    const here = await db.history.bulkGet(part.map((row) => row.key));
    const missing = part.filter((_, i) => here[i] === undefined);
    if (missing.length > 0) await db.history.bulkAdd(missing);
  }
}

/** Merges service animals into the cache, a chunk at a time; see {@link mergedAnimal}. */
async function mergeAnimals(db: KennelDb, animals: readonly CachedPet[]): Promise<void> {
  for (const part of chunks(animals)) {
    const stored = await db.pets.bulkGet(part.map((row) => row.key));
    await db.pets.bulkPut(part.map((incoming, i) => mergedAnimal(incoming, stored[i])));
  }
}

/**
 * A row new here is added as it came; one already here keeps what it has,
 * takes the earlier first sighting and whatever desk facts it lacked.
 */
function mergedAnimal(incoming: CachedPet, here: CachedPet | undefined): CachedPet {
  const fresh: CachedPet = {
    ...incoming,
    pending: 0,
    nameKey: foldText(incoming.name),
    order: syncedOrder(incoming.id ?? incoming.key),
  };
  if (here === undefined) return fresh;
  const merged: CachedPet = {
    ...here,
    firstSeenAt: Math.min(here.firstSeenAt, incoming.firstSeenAt),
  };
  for (const field of ['typedAt', 'sentAt', 'cardDue', 'imported', 'otherDesk'] as const) {
    if (merged[field] === undefined && incoming[field] !== undefined) {
      Object.assign(merged, { [field]: incoming[field] });
    }
  }
  if (merged.outboxId === null && incoming.outboxId !== null) merged.outboxId = incoming.outboxId;
  return merged;
}

async function takeQueue(
  db: KennelDb,
  taken: TakenProfile,
  now: number,
): Promise<Pick<TakeOutcome, 'queued' | 'queueSkipped'>> {
  const { queue, fileId } = taken;
  if (queue.length === 0) return { queued: 0, queueSkipped: 0 };
  if (fileId === null || (await queueTakenBefore(db, fileId))) {
    return { queued: 0, queueSkipped: queue.length };
  }
  const last = await db.outbox.orderBy('seq').last();
  let seq = typeof last?.seq === 'number' ? last.seq : 0;
  let queued = 0;
  for (const entry of queue) {
    const here = await db.outbox.get(entry.id);
    const sent = await db.pets.where('outboxId').equals(entry.id).count();
    if (here !== undefined || sent > 0) continue;
    seq += 1;
    await db.outbox.add(takenEntry(entry, seq, now));
    await db.pets.put(
      pendingRow(
        entry.localKey,
        entry.id,
        entry.payload,
        seq,
        now,
        entry.createdAt,
        cameByImport(entry),
      ),
    );
    queued += 1;
  }
  const row = await db.meta.get(TAKEN_FILES_KEY);
  const before: unknown[] = Array.isArray(row?.value) ? row.value : [];
  await db.meta.put({ key: TAKEN_FILES_KEY, value: [...before, fileId] });
  return { queued, queueSkipped: queue.length - queued };
}

/**
 * The entry as this desk keeps it: next in its queue, and looked up before it
 * is sent, from a little before it was typed (see {@link CLOCK_MARGIN_MS}).
 * An entry waiting for staff's decision keeps waiting for it. The hold is
 * dropped: it was the old desk's moment to take the animal back, long past.
 */
function takenEntry(entry: OutboxEntry, seq: number, now: number): OutboxEntry {
  const copy: OutboxEntry = { ...entry, seq, nextAttemptAt: now };
  delete copy.editing;
  delete copy.heldUntil;
  if (copy.state === 'sending') copy.state = 'queued';
  copy.outcomeUnknownAt = Math.min(
    entry.outcomeUnknownAt ?? now,
    entry.createdAt - CLOCK_MARGIN_MS,
  );
  copy.lookupAfter = now;
  return copy;
}
