/** How a saved desk file is named: the day it was saved, so a folder of them sorts by day. */
import { localDayOf } from '../records/local-day';

/** Its own extension, so the file is not opened as an ordinary archive by mistake. */
export const DESK_FILE_EXTENSION = '.kennel';

/** `kennel-desk-YYYY-MM-DD.kennel`, on this computer's calendar. */
export function deskFileName(savedAt: number): string {
  return `kennel-desk-${localDayOf(savedAt)}${DESK_FILE_EXTENSION}`;
}
