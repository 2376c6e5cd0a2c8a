/**
 * When Kennel tells staff something on the desktop, and in which words: when
 * the queue has been sent after the service was out of reach, and when an
 * animal comes to need attention. Pure, so each rule is unit-tested; the sync
 * store feeds it snapshots and shows what it returns.
 */
import { formatNumber } from '../format/clock';
import { t } from '../i18n';
import type { ConnectionState } from './status-mirror';
import type { DesktopNotice } from '../../electron/contract/desktop-notice';

/** What the notifier looks at, taken each time the sync state changes. */
export interface NotifySnapshot {
  connection: ConnectionState;
  /** Entries still to send (not those waiting for the user). */
  waiting: number;
  /** Entries waiting for the user, by id, with the animal's name. */
  attention: readonly { id: string; name: string }[];
}

/** What the notifier remembers between snapshots. */
export interface NotifyMemory {
  /** Entries were waiting while the service was out of reach, and have not all been sent. */
  backlog: boolean;
  /** Attention entries already told about; null until the first snapshot. */
  known: ReadonlySet<string> | null;
}

export const FRESH_MEMORY: NotifyMemory = { backlog: false, known: null };

/** The notices `next` calls for after `memory`, and what to remember. */
export function decideNotices(
  memory: NotifyMemory,
  next: NotifySnapshot,
): { memory: NotifyMemory; notices: DesktopNotice[] } {
  const notices: DesktopNotice[] = [];

  let backlog = memory.backlog || (next.connection === 'offline' && next.waiting > 0);
  if (backlog && next.connection === 'online' && next.waiting === 0) {
    notices.push({ title: t('status.notify.drainedTitle'), body: t('status.notify.drainedBody') });
    backlog = false;
  }

  const ids = new Set(next.attention.map((entry) => entry.id));
  // The first look only learns what is already there: staff saw those when they arose.
  if (memory.known !== null) {
    const fresh = next.attention.filter((entry) => !memory.known?.has(entry.id));
    const [only] = fresh;
    if (fresh.length === 1 && only !== undefined) {
      notices.push({
        title: t('status.notify.attentionTitle'),
        body: t('status.notify.attentionOne', { name: only.name }),
      });
    } else if (fresh.length > 1) {
      notices.push({
        title: t('status.notify.attentionTitle'),
        body: t('status.notify.attentionMany', { n: formatNumber(fresh.length) }),
      });
    }
  }

  // Until the engine has heard from the service the queue may not be read yet either.
  const known = memory.known === null && next.connection === 'unknown' ? null : ids;
  return { memory: { backlog, known }, notices };
}
