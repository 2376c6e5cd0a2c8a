/**
 * What a desk file carries: everything this computer keeps that the service
 * does not, per profile. `desk-snapshot.ts` reads it out of the databases,
 * `src/desk-file/` writes and reads the file, `desk-take.ts` writes it back.
 * Never a key: keys live on the Node side and never reach this layer.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import type { CardSize } from './card-size';
import type { Category } from './category-list';
import type { CachedPet, OutboxEntry } from './db';
import type { HistoryEvent } from './history-event';
import type { IntakeRecord } from './intake-record';

/** The version of the file's layout; a file with a higher one is refused unchanged. */
export const DESK_FILE_FORMAT = 1;

/** Who saved the file, and when: the file's first entry. */
export interface DeskFileHeader {
  format: number;
  /** Kennel's version that saved it, for support. */
  kennelVersion: string;
  /** When it was saved (epoch ms, the saving computer's clock). */
  savedAt: number;
  /** The saving desk's own random id: history added elsewhere is marked with it. */
  deskId: string;
  /** A name staff recognise the desk by (the computer's name, or "Kennel in a browser"). */
  deskLabel: string;
  /** This save's random id: a file whose queue was taken once is never taken again. */
  fileId: string;
}

/** The settings a profile keeps on this computer. */
export interface ProfileSettings {
  holdSeconds: number;
  strayHoldDays: number;
  /** The size its kennel cards print at; absent when it never chose one, and in older files. */
  cardSize?: CardSize;
}

/** A photo's facts; its JPEG bytes travel apart (a file entry, or a Blob once read). */
export interface PhotoFacts {
  key: string;
  width: number;
  height: number;
}

/** One profile's part of the file, without the photos' bytes. */
export interface ProfileContents {
  profile: ProfileName;
  /** The service address the profile used, `/v1` included; empty when it had none. */
  serviceUrl: string;
  settings: ProfileSettings;
  categories: Category[];
  records: IntakeRecord[];
  photos: PhotoFacts[];
  /**
   * The service's animals as this desk knew them (rows with an ID): the
   * desk's history (`typedAt`, `sentAt`, `imported`, `cardDue`) and when each
   * was first seen, which the lookup before sending a taken queue relies on.
   */
  animals: CachedPet[];
  /** The animals not sent yet: their outbox entries (each one's pending row is made again from it). */
  queue: OutboxEntry[];
  /**
   * The desk's history (`history-event.ts`), oldest first. A file saved
   * before the history existed has none: it is read as empty, so the format
   * did not change.
   */
  history: HistoryEvent[];
}

/** A photo as saving hands it to the file: its facts and its JPEG bytes. */
export interface PhotoToSave extends PhotoFacts {
  jpeg: Uint8Array;
}

/** A photo as reading hands it back: its facts and its JPEG bytes, kept out of the JS heap. */
export interface PhotoRead extends PhotoFacts {
  jpeg: Blob;
}

/** One profile as saving hands it over: photos come one at a time, never all at once. */
export interface ProfileToSave {
  contents: ProfileContents;
  photos: () => AsyncIterable<PhotoToSave>;
}

/** A file read whole and checked. */
export interface DeskFileContents {
  header: DeskFileHeader;
  profiles: Array<{ contents: ProfileContents; photos: Map<string, PhotoRead> }>;
}
