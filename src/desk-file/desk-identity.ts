/**
 * What this desk remembers about itself, in the page's storage: its name
 * (Settings, This desk: the one name History rows and desk files carry), its
 * own id (history added elsewhere is marked with it), when it last saved
 * itself to a file, and the day the header last reminded staff to.
 */
import type { PageStorage } from '../browser/page-storage';

const DESK_ID_KEY = 'kennel.deskId';
const DESK_NAME_KEY = 'kennel.deskName';
const SAVED_AT_KEY = 'kennel.deskFileSavedAt';
const REMINDED_DAY_KEY = 'kennel.deskFileRemindedDay';
/** When this desk was first seen holding records: a desk never saved counts from then. */
const RECORDS_SINCE_KEY = 'kennel.deskRecordsSince';

/** How long records may go unsaved before the header says so (browser mode). */
const REMIND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The longest name a desk takes: it has to fit a History row and a desk file's label. */
export const DESK_NAME_MAX = 60;

/**
 * `typed` as a desk's name, spaces tidied, or null when it is empty or
 * longer than {@link DESK_NAME_MAX} characters (or holds a control character).
 */
export function validDeskName(typed: string): string | null {
  const name = typed.replace(/\s+/g, ' ').trim();
  const length = [...name].length;
  if (length < 1 || length > DESK_NAME_MAX || /\p{Cc}/u.test(name)) return null;
  return name;
}

/** The name staff gave this desk in Settings, when they gave one. */
export function givenDeskName(storage: PageStorage): string | null {
  const stored = storage?.getItem(DESK_NAME_KEY) ?? null;
  return stored === null ? null : validDeskName(stored);
}

/** Remembers `name` (already checked with {@link validDeskName}) as this desk's name. */
export function saveDeskName(storage: PageStorage, name: string): void {
  storage?.setItem(DESK_NAME_KEY, name);
}

/**
 * This desk's name: the one staff gave it, else the computer's name (the
 * desktop app and the web host know it), else '': kept without words, so a
 * row or a file says "a desk without a name" in the language it is read in.
 */
export function deskName(storage: PageStorage, computerName: string): string {
  const given = givenDeskName(storage);
  if (given !== null) return given;
  return validDeskName(computerName.slice(0, DESK_NAME_MAX)) ?? '';
}

/** This desk's id (made once) and the name a desk file gives it. */
export function deskIdentity(
  storage: PageStorage,
  computerName: string,
): { id: string; label: string } {
  let id = storage?.getItem(DESK_ID_KEY) ?? null;
  if (id === null) {
    id = crypto.randomUUID();
    storage?.setItem(DESK_ID_KEY, id);
  }
  return { id, label: deskName(storage, computerName) };
}

/** Remembers that the desk was saved to a file at `at`. */
export function markSaved(storage: PageStorage, at: number): void {
  storage?.setItem(SAVED_AT_KEY, String(at));
}

function localDay(at: number): string {
  const day = new Date(at);
  return `${day.getFullYear()}-${day.getMonth() + 1}-${day.getDate()}`;
}

/**
 * Whether the header should remind staff to save the desk: records exist,
 * nothing was saved for {@link REMIND_AFTER_MS}, and it has not said so today.
 */
export function reminderDue(storage: PageStorage, now: number, hasRecords: boolean): boolean {
  if (!hasRecords) return false;
  if (storage?.getItem(RECORDS_SINCE_KEY) === null) storage.setItem(RECORDS_SINCE_KEY, String(now));
  const since = Number(storage?.getItem(SAVED_AT_KEY) ?? storage?.getItem(RECORDS_SINCE_KEY));
  if (!Number.isFinite(since) || now - since < REMIND_AFTER_MS) return false;
  return storage?.getItem(REMINDED_DAY_KEY) !== localDay(now);
}

/** The reminder was seen and put away: not again until tomorrow. */
export function reminderSeen(storage: PageStorage, now: number): void {
  storage?.setItem(REMINDED_DAY_KEY, localDay(now));
}
