/**
 * The header's one line about the queue, seen from every view: what is being
 * sent, what waits, or that everything went. The sync panel under Animals has
 * the details; this line is how staff know, from Import or Orders, whether
 * what they added has reached the service.
 */
import { formatNumber } from '../format/clock';
import { t } from '../i18n';

/** What the line is made from: the sync store's progress, waiting count and refused entries. */
export interface SyncProgressView {
  syncing: { done: number; total: number } | null;
  /** Null while the queue has not been read yet. */
  waiting: number | null;
  /** Entries that need a person (refused, or maybe sent twice). */
  attention: number;
}

/** What the queue is doing, as the line shows it. */
type SyncProgressState = 'counting' | 'sending' | 'waiting' | 'attention' | 'all-sent';

/** The line: its state, and its words. */
export interface SyncProgressLine {
  state: SyncProgressState;
  text: string;
}

/**
 * "Sending 3 of 40…", "12 waiting", "All sent". Animals that need attention
 * are never hidden behind "All sent": they were not sent.
 */
export function describeSyncProgress(view: SyncProgressView): SyncProgressLine {
  const attention =
    view.attention > 0
      ? t('status.progress.attention', { n: formatNumber(view.attention) }, view.attention)
      : '';
  const withAttention = (text: string): string =>
    attention === '' ? text : t('status.progress.and', { first: text, second: attention });
  const { syncing, waiting } = view;
  if (syncing !== null && syncing.total > 0) {
    // The one on its way is counted, so the line never reads "Sending 0 of 40".
    const n = Math.min(syncing.done + 1, syncing.total);
    return {
      state: 'sending',
      text: withAttention(
        t('status.progress.sending', {
          n: formatNumber(n),
          total: formatNumber(syncing.total),
        }),
      ),
    };
  }
  if (waiting === null) return { state: 'counting', text: t('status.progress.counting') };
  if (waiting > 0) {
    return {
      state: 'waiting',
      text: withAttention(t('status.progress.waiting', { n: formatNumber(waiting) })),
    };
  }
  if (attention !== '') return { state: 'attention', text: attention };
  return { state: 'all-sent', text: t('status.progress.allSent') };
}
