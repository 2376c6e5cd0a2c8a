import { formatClock } from '../format/clock';

/** The part of the sync engine's status the connection indicator reads. */
export interface ConnectionView {
  connection: 'unknown' | 'online' | 'offline' | 'paused';
  pausedUntil: number | null;
}

/** The connection indicator's text: what the service last answered, not `navigator.onLine`. */
export function describeConnection(status: ConnectionView): string {
  switch (status.connection) {
    case 'online':
      return 'Online';
    case 'offline':
      return 'Offline';
    case 'paused':
      return status.pausedUntil !== null
        ? `Paused by the service until ${formatClock(status.pausedUntil)}`
        : 'Paused by the service';
    case 'unknown':
      return 'Checking…';
  }
}
