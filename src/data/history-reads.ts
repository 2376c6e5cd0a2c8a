/**
 * Reads of the desk's history for the History view: newest first through the
 * `at` index, and only as many rows as are shown (a page more each time staff
 * ask), so a desk with tens of thousands of rows never loads them all. The
 * kind and the text asked for are matched as the index is walked, and the
 * walk stops as soon as the rows shown are found.
 */
import { foldText, searchedId } from '../text/fold';
import type { KennelDb } from './db';
import type { HistoryEvent, HistoryKind } from './history-event';

/** What the History view asks for. */
export interface HistoryQuery {
  /** The span of time, start included, end not (epoch ms); null for every day. */
  span: { from: number; to: number } | null;
  /** One kind of act, or null for every kind. */
  kind: HistoryKind | null;
  /** Part of a name, or a whole ID, as typed; '' for no finding. */
  text: string;
}

/** The rows shown, and whether more match. */
export interface HistoryRows {
  rows: HistoryEvent[];
  more: boolean;
}

/** How many rows one more page shows. */
export const HISTORY_PAGE_SIZE = 100;

/** Whether `event` answers `query`'s kind and text. */
function matchesHistory(event: HistoryEvent, query: Pick<HistoryQuery, 'kind' | 'text'>): boolean {
  if (query.kind !== null && event.kind !== query.kind) return false;
  const folded = foldText(query.text);
  if (folded === '') return true;
  const id = searchedId(query.text);
  if (id !== null && event.petId === id) return true;
  return event.name !== undefined && foldText(event.name).includes(folded);
}

/** The query's rows, newest first, as an unread Dexie collection. */
function walk(db: KennelDb, query: HistoryQuery) {
  const from = query.span?.from ?? -Infinity;
  const to = query.span?.to ?? Infinity;
  return db.history
    .where('at')
    .between(from, to, true, false)
    .reverse()
    .filter((event) => matchesHistory(event, query));
}

/** The newest `limit` rows the query matches. */
export async function readHistory(
  db: KennelDb,
  query: HistoryQuery,
  limit: number,
): Promise<HistoryRows> {
  const read = await walk(db, query)
    .limit(limit + 1)
    .toArray();
  return { rows: read.slice(0, limit), more: read.length > limit };
}

/** Every row the query matches, newest first: for the export of one day or one animal. */
export function readAllHistory(db: KennelDb, query: HistoryQuery): Promise<HistoryEvent[]> {
  return walk(db, query).toArray();
}
