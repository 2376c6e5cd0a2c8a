/**
 * Whether a desk file's JSON has the shape the contract's types say:
 * objects, lists, strings and numbers where they should be. Structural only:
 * each record, category and queued animal is checked row by row later, by
 * the data layer that takes them in.
 */
import { isProfileName } from '../../electron/contract/profiles';
import { isCardSize } from '../data/card-size';
import {
  DESK_FILE_FORMAT,
  type DeskFileHeader,
  type PhotoFacts,
  type ProfileContents,
} from '../data/desk-contents';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const isListOfFields = (value: unknown): value is Fields[] =>
  Array.isArray(value) && value.every(isFields);

/**
 * The header's format, when it has one. Read before the rest of the header:
 * a newer Kennel may have changed the rest, and its file is refused as newer,
 * not as damaged.
 */
export function formatOf(header: unknown): number | null {
  if (!isFields(header)) return null;
  const { format } = header;
  return typeof format === 'number' && Number.isSafeInteger(format) ? format : null;
}

export function isDeskFileHeader(value: unknown): value is DeskFileHeader {
  if (!isFields(value)) return false;
  const format = formatOf(value);
  return (
    format !== null &&
    format >= 1 &&
    format <= DESK_FILE_FORMAT &&
    typeof value.kennelVersion === 'string' &&
    isNumber(value.savedAt) &&
    typeof value.deskId === 'string' &&
    typeof value.deskLabel === 'string' &&
    typeof value.fileId === 'string'
  );
}

const isPhotoFacts = (value: unknown): value is PhotoFacts =>
  isFields(value) &&
  typeof value.key === 'string' &&
  isNumber(value.width) &&
  isNumber(value.height);

export function isProfileContents(value: unknown): value is ProfileContents {
  if (!isFields(value)) return false;
  const { settings, queue, photos } = value;
  return (
    isProfileName(value.profile) &&
    typeof value.serviceUrl === 'string' &&
    isFields(settings) &&
    isNumber(settings.holdSeconds) &&
    isNumber(settings.strayHoldDays) &&
    (settings.cardSize === undefined || isCardSize(settings.cardSize)) &&
    isListOfFields(value.categories) &&
    isListOfFields(value.records) &&
    Array.isArray(photos) &&
    photos.every(isPhotoFacts) &&
    isListOfFields(value.animals) &&
    isListOfFields(queue) &&
    // A file saved before the desk kept its history has none (see `withHistory`).
    (value.history === undefined || isListOfFields(value.history))
  );
}

/** `contents` with its history, empty for a file saved before there was one. */
export function withHistory(contents: ProfileContents): ProfileContents {
  return Array.isArray(contents.history) ? contents : { ...contents, history: [] };
}
