/**
 * The `records` and `photos` tables: the intake record of an animal, kept
 * under the animal's key in `pets`. Every write that belongs to an outbox
 * change happens inside that change's transaction (`enqueue.ts`,
 * `correction.ts`, `take-back.ts`, `send-steps.ts`), so an animal and its record are queued, corrected,
 * taken back and given their service ID together or not at all.
 */
import type { IndexableType } from 'dexie';
import type { KennelDb } from './db';
import { addHistory } from './history';
import { historyEvent } from './history-desk';
import {
  hasRecordFields,
  type IntakeRecord,
  type PhotoChange,
  type RecordDraft,
  type StoredPhoto,
} from './intake-record';
import { recordProblem } from './record-checks';

/**
 * Writes `draft` as the record of `key`, inside the caller's transaction.
 * A draft with no fields and no photo removes the record, unless the animal
 * belongs to a litter: no form edits that, so every save keeps it.
 */
export async function putRecordIn(
  db: KennelDb,
  key: string,
  draft: RecordDraft,
  now: number,
): Promise<void> {
  const hasPhoto = await applyPhoto(db, key, draft.photo);
  const litter = (await readRecord(db, key))?.litter;
  if (!hasRecordFields(draft.fields) && !hasPhoto && litter === undefined) {
    await db.records.delete(key);
    return;
  }
  const record: IntakeRecord = { ...draft.fields, key, updatedAt: now };
  if (hasPhoto) record.hasPhoto = 1;
  if (litter !== undefined) record.litter = litter;
  await db.records.put(record);
}

async function applyPhoto(db: KennelDb, key: string, change: PhotoChange): Promise<boolean> {
  if (change.kind === 'remove') {
    await db.photos.delete(key);
    return false;
  }
  if (change.kind === 'set') {
    const { dataUrl, width, height } = change;
    await db.photos.put({ key, dataUrl, width, height });
    return true;
  }
  return (await db.photos.get(key)) !== undefined;
}

/** Moves the record and photo of `from` to `to` (an animal given its service ID), in the caller's transaction. */
export async function moveRecordIn(db: KennelDb, from: string, to: string): Promise<void> {
  if (from === to) return;
  const record = await db.records.get(from);
  if (record !== undefined) {
    await db.records.delete(from);
    await db.records.put({ ...record, key: to });
  }
  const photo = await db.photos.get(from);
  if (photo !== undefined) {
    await db.photos.delete(from);
    await db.photos.put({ ...photo, key: to });
  }
}

/** Removes the record and photo of each key, in the caller's transaction. */
export async function deleteRecordsIn(db: KennelDb, keys: readonly string[]): Promise<void> {
  await db.records.bulkDelete([...keys]);
  await db.photos.bulkDelete([...keys]);
}

/**
 * Saves the record of an animal already in the list (details), in a
 * transaction of its own, with its row in the history: an outcome recorded
 * when the outcome or its day changed, a record changed otherwise. A save
 * that changes nothing writes no row.
 */
export async function saveRecord(db: KennelDb, key: string, draft: RecordDraft): Promise<void> {
  await db.transaction('rw', [db.records, db.photos, db.pets, db.history], async () => {
    const before = await readRecord(db, key);
    const pet = await db.pets.get(key);
    await putRecordIn(db, key, draft, Date.now());
    const kind = recordChange(before, draft);
    if (kind === null) return;
    const about = {
      petKey: key,
      ...(pet ? { name: pet.name } : {}),
      ...(pet?.id ? { petId: pet.id } : {}),
    };
    await addHistory(db, historyEvent(kind, about));
  });
}

/** What saving `draft` over `before` does, for the history; null when it changes nothing. */
function recordChange(
  before: IntakeRecord | undefined,
  draft: RecordDraft,
): 'outcome-recorded' | 'record-changed' | null {
  const { outcome, outcomeOn } = draft.fields;
  if (outcome !== undefined && (outcome !== before?.outcome || outcomeOn !== before.outcomeOn)) {
    return 'outcome-recorded';
  }
  if (draft.photo.kind !== 'keep') return 'record-changed';
  const { key: _key, updatedAt: _at, hasPhoto: _photo, litter: _litter, ...fields } = before ?? {};
  return sameFields(fields, draft.fields) ? null : 'record-changed';
}

function sameFields(a: object, b: object): boolean {
  const filled = (fields: object) =>
    Object.entries(fields)
      .filter(([, value]) => value !== undefined && value !== '')
      .sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(filled(a)) === JSON.stringify(filled(b));
}

/** The record of `key`, or undefined when it has none or the stored row is damaged. */
export async function readRecord(db: KennelDb, key: string): Promise<IntakeRecord | undefined> {
  const row: unknown = await db.records.get(key);
  return row !== undefined && recordProblem(row) === null ? (row as IntakeRecord) : undefined;
}

/** Records read from IndexedDB at a time by {@link readAllRecords}. */
const READ_CHUNK = 1_000;

/**
 * Every sound record of the profile (photos left out). Read a chunk at a
 * time, in key order: a shelter's 10,000 records read in one request would
 * be taken in by the window in one task of some 100 ms, and the list would
 * not answer a key meanwhile.
 */
export async function readAllRecords(db: KennelDb): Promise<IntakeRecord[]> {
  const sound: IntakeRecord[] = [];
  let after: IndexableType | null = null;
  for (;;) {
    const range = after === null ? db.records.toCollection() : db.records.where(':id').above(after);
    const rows: unknown[] = await range.limit(READ_CHUNK).toArray();
    for (const row of rows) if (recordProblem(row) === null) sound.push(row as IntakeRecord);
    if (rows.length < READ_CHUNK) return sound;
    // IndexedDB keeps every row under its `key`, a valid key even in a damaged row.
    after = (rows.at(-1) as { key: IndexableType }).key;
  }
}

/** The photo of `key`, or undefined. */
export async function readPhoto(db: KennelDb, key: string): Promise<StoredPhoto | undefined> {
  const row = await db.photos.get(key);
  return row !== undefined && typeof row.dataUrl === 'string' ? row : undefined;
}

/** The records whose chip is `chip` (normalised). */
export async function recordsWithChip(db: KennelDb, chip: string): Promise<IntakeRecord[]> {
  const rows: unknown[] = await db.records.where('chip').equals(chip).toArray();
  return rows.filter((row): row is IntakeRecord => recordProblem(row) === null);
}
