/**
 * What one profile already holds of what a desk file brings: read before
 * anything changes, so staff see what opening the file would do
 * (`src/desk-file/desk-plan.ts`). Read-only.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { readCategories } from './categories';
import type { Category } from './category-list';
import type { KennelDb } from './db';
import type { ProfileContents, ProfileSettings } from './desk-contents';
import { queueTakenBefore } from './desk-take';
import { readHoldSeconds } from './hold';
import type { IntakeRecord } from './intake-record';
import { recordProblem } from './record-checks';
import { readStrayHoldDays } from './stray-hold';

/** One profile's side of the comparison. */
export interface DeskProfileState {
  profile: ProfileName;
  /** The records here under the file's keys. */
  records: Map<string, IntakeRecord>;
  /** The byte size of each photo here under the file's keys: the same size is the same photo. */
  photoBytes: Map<string, number>;
  categories: Category[];
  settings: ProfileSettings;
  /** Keys of the file's animals that this desk typed itself. */
  typedHere: Set<string>;
  /** Ids of the file's queued entries that are here already, queued or sent. */
  queueHere: Set<string>;
  queueTakenBefore: boolean;
  /** Keys of the file's history rows this desk has already. */
  historyHere: Set<string>;
}

/** Decoded size of a base64 `data:` URL, without decoding it. */
function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Reads what `db` holds of what `file` brings. */
export async function readDeskState(
  db: KennelDb,
  file: ProfileContents,
  fileId: string,
): Promise<DeskProfileState> {
  const recordKeys = file.records.map((record) => record.key);
  const entryIds = file.queue.map((entry) => entry.id);
  const tables = [
    db.records,
    db.categories,
    db.meta,
    db.pets,
    db.outbox,
    db.quarantine,
    db.history,
  ];
  const state = await db.transaction('r', tables, async () => {
    const [records, here, sent, animals, history] = await Promise.all([
      db.records.bulkGet(recordKeys),
      db.outbox.bulkGet(entryIds),
      entryIds.length === 0 ? [] : db.pets.where('outboxId').anyOf(entryIds).toArray(),
      db.pets.bulkGet(file.animals.map((row) => row.key)),
      db.history.bulkGet(file.history.map((row) => row.key)),
    ]);
    const state: DeskProfileState = {
      profile: file.profile,
      records: new Map(),
      photoBytes: new Map(),
      categories: await readCategories(db),
      settings: {
        holdSeconds: await readHoldSeconds(db),
        strayHoldDays: await readStrayHoldDays(db),
      },
      typedHere: new Set(),
      queueHere: new Set([
        ...here.flatMap((entry) => (entry ? [entry.id] : [])),
        ...sent.flatMap((row) => (row.outboxId ? [row.outboxId] : [])),
      ]),
      queueTakenBefore: await queueTakenBefore(db, fileId),
      historyHere: new Set(history.flatMap((row) => (row ? [row.key] : []))),
    };
    for (const row of records) {
      if (row !== undefined && recordProblem(row) === null) state.records.set(row.key, row);
    }
    for (const row of animals) if (row?.typedAt !== undefined) state.typedHere.add(row.key);
    return state;
  });
  await readPhotoSizes(db, file, state);
  return state;
}

/** Photos read at a time: each is some 130 KB of text, needed only for its length. */
const PHOTO_CHUNK = 20;

/**
 * The sizes of this desk's photos of the file's photographed animals. Only
 * an animal with a record here can have a photo here, so a desk that has
 * none of them reads none; the rest are read a few at a time.
 */
async function readPhotoSizes(
  db: KennelDb,
  file: ProfileContents,
  state: DeskProfileState,
): Promise<void> {
  const keys = file.photos
    .map((photo) => photo.key)
    .filter((key) => state.records.get(key)?.hasPhoto === 1);
  for (let start = 0; start < keys.length; start += PHOTO_CHUNK) {
    const photos = await db.photos.bulkGet(keys.slice(start, start + PHOTO_CHUNK));
    for (const photo of photos) {
      if (photo !== undefined) state.photoBytes.set(photo.key, dataUrlBytes(photo.dataUrl));
    }
  }
}
