/**
 * The History view's rows as a CSV file, through the one CSV writer every
 * export uses (every cell quoted, formula starts escaped). Kept apart so
 * papaparse is fetched only when an export is asked for.
 */
import type { HistoryEvent } from '../data/history-event';
import { csvText, UTF8_BOM } from '../files/csv-writer';
import { HISTORY_COLUMNS, historyCells, historyHeadings } from './history-cells';

/** `events` as CSV text, headed in the app's language, in the order given. */
export function historyCsv(events: readonly HistoryEvent[]): string {
  const lines = events.map((event) => {
    const cells = historyCells(event);
    return HISTORY_COLUMNS.map((column) => cells[column]);
  });
  return UTF8_BOM + csvText([historyHeadings(), ...lines]);
}
