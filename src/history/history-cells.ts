/**
 * One history row in words, the same on screen and in the CSV export: the
 * day and time as staff say them (never an ISO stamp), what was done, the
 * animal's name and ID ("ID pending" while it waited), the batch and how
 * many, the desk and the initials.
 */
import type { HistoryEvent, HistoryKind } from '../data/history-event';
import { formatClock, formatDay, formatNumber } from '../format/clock';
import { t } from '../i18n';

/** A row's cells, every one text. */
export interface HistoryCells {
  day: string;
  time: string;
  kind: string;
  name: string;
  id: string;
  batch: string;
  count: string;
  desk: string;
  initials: string;
}

/** The columns, in the order the table and the CSV give them. */
export const HISTORY_COLUMNS = [
  'day',
  'time',
  'kind',
  'name',
  'id',
  'batch',
  'count',
  'desk',
  'initials',
] as const satisfies readonly (keyof HistoryCells)[];

/** What was done, in plain words. */
export function kindWords(kind: HistoryKind): string {
  return t(`history.kinds.${kind}`);
}

/** An act that was about one animal: it has a name or a key, and so an ID or "ID pending". */
function aboutAnAnimal(event: HistoryEvent): boolean {
  return event.petKey !== undefined || event.name !== undefined || event.petId !== undefined;
}

/** `event` in words. */
export function historyCells(event: HistoryEvent): HistoryCells {
  const animal = aboutAnAnimal(event);
  return {
    day: formatDay(event.at),
    time: formatClock(event.at),
    kind: kindWords(event.kind),
    name: event.name ?? '',
    id: event.petId ?? (animal ? t('history.idPending') : ''),
    batch: event.batch ?? '',
    count: event.count === undefined ? '' : formatNumber(event.count),
    // A row written before the desk had any name says so in today's words.
    desk: event.desk === '' ? t('history.desk.unnamed') : event.desk,
    initials: event.initials ?? '',
  };
}

/** The headings, in the app's language. */
export function historyHeadings(): string[] {
  return HISTORY_COLUMNS.map((column) => t(`history.columns.${column}`));
}
