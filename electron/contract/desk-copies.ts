/**
 * The desktop app's side of the desk file (`src/desk-file/`): the automatic
 * copies the main process keeps in the data folder (each day and at quit, the
 * last 7), and the File menu's two commands. The window makes the file (the
 * data lives in its IndexedDB); the main process only asks for it, stores it
 * and hands it back. Browser mode has none of it.
 */

/** IPC channels of the desk file. */
export const DESK_CHANNELS = {
  /** Main → window: make a copy now (`DeskCopyReason`); the window answers with `keep`. */
  wanted: 'kennel-desk:copy-wanted',
  /** Window → main: the copy's bytes, or null when the desk holds nothing worth a copy. */
  keep: 'kennel-desk:keep-copy',
  /** Window → main: the copies kept, newest first. */
  list: 'kennel-desk:list-copies',
  /** Window → main: one copy's bytes by its name, or null when there is no such copy. */
  read: 'kennel-desk:read-copy',
  /** Main → window: a File menu command (`DeskMenuCommand`). */
  menu: 'kennel-desk:menu',
  /** Window → main: the File menu's words in the language staff chose. */
  menuWords: 'kennel-desk:menu-words',
} as const;

/** Why a copy is wanted. */
export type DeskCopyReason = 'daily' | 'quit';

/** What the File menu asks the window to do. */
export type DeskMenuCommand = 'save' | 'open';

/** How many automatic copies are kept; the oldest beyond it is deleted. */
export const DESK_COPIES_KEPT = 7;

/** The largest copy the main process takes (bytes); the desk file's own limit. */
export const DESK_COPY_MAX_BYTES = 1024 * 1024 * 1024;

/** One automatic copy, as Settings lists it. */
export interface DeskCopyInfo {
  /** Its file name in the copies folder, `kennel-desk-<day>.kennel`; the handle to read it by. */
  name: string;
  /** When it was written (epoch ms). */
  savedAt: number;
  bytes: number;
}

/** The File menu's words. */
export interface DeskMenuWords {
  file: string;
  save: string;
  open: string;
  quit: string;
}

/** What the window finds as `window.kennelDesk` in the desktop app. */
export interface DeskCopiesApi {
  /** Called when the main process wants a copy; returns the unsubscribe. */
  onWanted(listener: (reason: DeskCopyReason) => void): () => void;
  /** Hands over a copy (or null: nothing to keep); true once it is written. */
  keep(bytes: Uint8Array | null, reason: DeskCopyReason): Promise<boolean>;
  list(): Promise<DeskCopyInfo[]>;
  read(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Called when staff pick a File menu command; returns the unsubscribe. */
  onMenu(listener: (command: DeskMenuCommand) => void): () => void;
  menuWords(words: DeskMenuWords): Promise<void>;
}
