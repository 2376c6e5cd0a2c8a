import { formatClock } from '../format/clock';
import { t } from '../i18n';

/** The part of the sync engine's status the connection indicator reads. */
export interface ConnectionView {
  connection: 'unknown' | 'online' | 'offline' | 'paused';
  pausedUntil: number | null;
}

/** The connection indicator's text: what the service last answered, not `navigator.onLine`. */
export function describeConnection(status: ConnectionView): string {
  switch (status.connection) {
    case 'online':
      return t('status.connection.online');
    case 'offline':
      return t('status.connection.offline');
    case 'paused':
      return status.pausedUntil !== null
        ? t('status.connection.pausedUntil', { time: formatClock(status.pausedUntil) })
        : t('status.connection.paused');
    case 'unknown':
      return t('status.connection.checking');
  }
}
