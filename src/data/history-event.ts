/**
 * The desk's history: what staff did on this computer, one row per act, per
 * profile. It lives only here (it can name finders and owners through the
 * animal's name and the initials of whoever was at the desk), is never sent to
 * the service or into diagnostics, and travels in the desk file.
 */

/** The kinds of act the History view filters by, in the order it lists them. */
export const HISTORY_KINDS = [
  'typed',
  'corrected',
  'taken-back',
  'sent',
  'refused',
  'set-aside',
  'imported',
  'card-printed',
  'exported',
  'record-changed',
  'outcome-recorded',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** One act, as stored in the `history` table. */
export interface HistoryEvent {
  /** A random id (`crypto.randomUUID()`): the same act from a desk file is never added twice. */
  key: string;
  /** When it happened (epoch ms, this computer's clock). */
  at: number;
  kind: HistoryKind;
  /** The animal's key in `pets` at the time (`local:<uuid>` while it waited), when the act was about one animal. */
  petKey?: string;
  /** The service's ID, when known at the time (always on `sent`). */
  petId?: string;
  /** The animal's name at the time, so History finds it after the row is gone. */
  name?: string;
  /** How many animals a batch act covered (imported, exported, cards printed). */
  count?: number;
  /** The import's file name, or what was exported. */
  batch?: string;
  /** The desk's name at the time (Settings, This desk). */
  desk: string;
  /** Initials of whoever was at the desk, when given. */
  initials?: string;
}
