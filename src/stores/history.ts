import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { HistoryKind } from '../data/history-event';
import {
  HISTORY_PAGE_SIZE,
  readAllHistory,
  readHistory,
  type HistoryQuery,
  type HistoryRows,
} from '../data/history-reads';
import { noteExport } from '../data/history';
import { useLiveQuery } from '../data/live-query';
import { describeStorageError } from '../data/storage';
import { offerDownload } from '../files/download';
import { t } from '../i18n';
import { addDays, localDayOf, startOfDay } from '../records/local-day';
import { useProfileStore } from './profile';

/**
 * The History view over the active profile's `history` table: the day, the
 * kind and the text asked for, the rows shown (live: an act done while the
 * view is open appears at once), a page more on asking, and the export.
 * Kept in a store so the view finds its filters as it left them.
 */
export const useHistoryStore = defineStore('history', () => {
  const profile = useProfileStore();
  /** `YYYY-MM-DD` on this computer's calendar; '' for every day. */
  const day = ref(localDayOf(Date.now()));
  const kind = ref<HistoryKind | null>(null);
  const text = ref('');
  const pages = ref(1);
  const exportNote = ref('');

  const query = computed<HistoryQuery>(() => {
    const from = startOfDay(day.value);
    const span = from === null ? null : { from, to: startOfDay(addDays(day.value, 1)) ?? from };
    return { span, kind: kind.value, text: text.value };
  });

  const live = useLiveQuery<{ query: HistoryQuery; limit: number }, HistoryRows | null>({
    db: () => profile.db,
    source: () => ({ query: query.value, limit: pages.value * HISTORY_PAGE_SIZE }),
    query: (db, input) => readHistory(db, input.query, input.limit),
    initial: null,
  });

  /** Staff changed what they ask for: from the first page again. */
  function ask(change: { day?: string; kind?: HistoryKind | null; text?: string }): void {
    if (change.day !== undefined) day.value = change.day;
    if (change.kind !== undefined) kind.value = change.kind;
    if (change.text !== undefined) text.value = change.text;
    pages.value = 1;
    exportNote.value = '';
  }

  function showMore(): void {
    pages.value += 1;
  }

  /** Every row asked for (not only those shown) as a CSV file named for the day. */
  async function exportCsv(): Promise<void> {
    exportNote.value = '';
    try {
      const db = await profile.whenDb();
      const [rows, { historyCsv }] = await Promise.all([
        readAllHistory(db, query.value),
        import('../history/history-csv'),
      ]);
      const fileName = `${
        day.value === ''
          ? t('history.export.fileAll')
          : t('history.export.fileDay', { day: day.value })
      }.csv`;
      offerDownload(new Blob([historyCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
      // An export of the history is itself an act of the desk's; the file is out either way.
      await noteExport(db, fileName, rows.length).catch(() => undefined);
      exportNote.value = t('history.export.done', { name: fileName });
    } catch (error) {
      exportNote.value = describeStorageError(error) ?? t('history.export.failed');
    }
  }

  return {
    day,
    kind,
    text,
    rows: computed(() => live.value.value?.rows ?? []),
    more: computed(() => live.value.value?.more ?? false),
    loaded: computed(() => live.value.value !== null),
    failed: computed(() => live.error.value !== null),
    exportNote,
    ask,
    showMore,
    exportCsv,
  };
});
