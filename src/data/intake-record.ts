/**
 * The intake record: what a shelter writes down about an animal that the
 * service has no place for. It lives only on this computer, one per animal
 * (keyed like the animal's row in `pets`), and is never sent to the service
 * or written to diagnostics: it may name finders and owners.
 */

export const SEXES = ['female', 'male', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];

export const NEUTERED = ['yes', 'no', 'unknown'] as const;
export type Neutered = (typeof NEUTERED)[number];

/** How an animal came in, in the order shelters' intake sheets list them. */
export const INTAKE_TYPES = [
  'stray',
  'surrender',
  'transfer-in',
  'return',
  'born-in-care',
  'seized',
  'other',
] as const;
export type IntakeType = (typeof INTAKE_TYPES)[number];

/** How an animal left the shelter's care. */
export const OUTCOMES = [
  'adopted',
  'returned-to-owner',
  'transferred-out',
  'died',
  'other',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A calendar day on this computer's calendar, `YYYY-MM-DD`: birthdays and hold ends have no time. */
export type LocalDay = string;

/** The record's fields; every one is optional. */
export interface RecordFields {
  /** Normalised: digits and capital letters only (`chip.ts`). */
  chip?: string;
  sex?: Sex;
  neutered?: Neutered;
  birthDate?: LocalDay;
  /** The birth date was worked out from an estimated age. */
  birthEstimated?: true;
  breed?: string;
  colour?: string;
  intakeType?: IntakeType;
  /** When the animal came in (epoch ms). */
  intakeAt?: number;
  /** Where it was found, in the finder's words. */
  foundAt?: string;
  /** Where it is housed, e.g. "Dogs B3". */
  kennel?: string;
  /** The last day of a stray's hold, when its owner can still claim it. */
  holdUntil?: LocalDay;
  notes?: string;
  outcome?: Outcome;
  outcomeOn?: LocalDay;
}

/**
 * An animal's place in a litter: animals added one after another with "Add
 * another like this" on this computer. Kept on the record, as nothing about
 * a litter is sent; no index, as a litter is looked for only among the
 * records already read.
 */
export interface LitterPlace {
  /** The litter's own id, made on this computer. */
  id: string;
  /** 1 for the animal the litter started from, 2 for the next, and so on. */
  place: number;
}

/** A record as stored in the `records` table. */
export interface IntakeRecord extends RecordFields {
  /** The animal's key in `pets`: `local:<uuid>` while it waits, then its service id. */
  key: string;
  /** 1 when the animal has a photo in the `photos` table. */
  hasPhoto?: 1;
  /** The litter it was added with, if any. */
  litter?: LitterPlace;
  /** When the record last changed (epoch ms, this computer's clock). */
  updatedAt: number;
}

/**
 * A photo as kept in the `photos` table: already shrunk and stripped of its
 * metadata, as a JPEG `data:` URL. Text, not a Blob: it survives every way a
 * desk's data travels (a move between origins, a desk file, the schema
 * fixtures) unchanged, and an image or a printed card shows it as it is.
 */
export interface StoredPhoto {
  key: string;
  dataUrl: string;
  width: number;
  height: number;
}

/** The longest free-text field other than the notes. */
export const TEXT_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2000;
/** How far back an intake's time can be set. */
export const INTAKE_BACKDATE_DAYS = 30;
/** The longest stray hold Settings offers. */
export const MAX_STRAY_HOLD_DAYS = 30;
export const DEFAULT_STRAY_HOLD_DAYS = 3;

/** Whether `fields` holds anything worth keeping. */
export function hasRecordFields(fields: RecordFields): boolean {
  return Object.values(fields).some((value) => value !== undefined && value !== '');
}

/** What a save does to the animal's photo. */
export type PhotoChange =
  | { kind: 'keep' }
  | { kind: 'set'; dataUrl: string; width: number; height: number }
  | { kind: 'remove' };

/** A record as a form hands it over: its checked fields and what happens to the photo. */
export interface RecordDraft {
  fields: RecordFields;
  photo: PhotoChange;
}

export const KEEP_PHOTO: PhotoChange = { kind: 'keep' };
