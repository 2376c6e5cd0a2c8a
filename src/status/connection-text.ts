import { isNotFromService, type BridgeError } from '../../electron/contract/errors';
import { errorMessage } from '../errors/messages';
import { sayMoment } from '../format/moment';
import { t } from '../i18n';
import type { ConnectionState } from '../sync/status-mirror';

/** What the connection indicator reads: the sync engine's status and the governor's pause. */
export interface ConnectionView {
  connection: ConnectionState;
  /** When the service's pause ends, as the governor's view says; null when none is in force. */
  pausedUntil: number | null;
  /** What last failed: offline because something else answers in the service's place is said so. */
  lastError?: BridgeError | null;
}

/** What the connection indicator shows: the engine's state, or that there is nothing to connect to. */
export type ShownConnection = ConnectionState | 'paused' | 'not-set-up';

/**
 * True when the profile has no address or no key: Kennel cannot ask its
 * service anything, so "Checking…" would wait forever. A profile not read
 * yet (null) is not called that: the window is still starting.
 */
export function isNotSetUp(info: { baseUrl: string; hasKey: boolean } | null): boolean {
  return info !== null && (info.baseUrl === '' || !info.hasKey);
}

/**
 * The state to show: "not set up" wins, since the engine never learns
 * anything then; then the service's pause, whatever the last answer was.
 */
export function shownConnection(status: ConnectionView, notSetUp: boolean): ShownConnection {
  if (notSetUp) return 'not-set-up';
  return status.pausedUntil !== null ? 'paused' : status.connection;
}

/** The connection indicator's text: what the service last answered, not `navigator.onLine`. */
export function describeConnection(
  status: ConnectionView,
  notSetUp = false,
  now = Date.now(),
): string {
  switch (shownConnection(status, notSetUp)) {
    case 'not-set-up':
      return t('status.connection.notSetUp');
    case 'online':
      return t('status.connection.online');
    case 'offline':
      return status.lastError && isNotFromService(status.lastError)
        ? t('status.connection.signIn')
        : t('status.connection.offline');
    case 'paused':
      return sayMoment('status.connection.pausedUntil', status.pausedUntil ?? now, now);
    case 'unknown':
      return t('status.connection.checking');
  }
}

/**
 * The header's note while the service is out of reach. Behind a sign-in page
 * it is the failure's own sentence, with the step that ends it; otherwise the
 * plain "can't reach the service".
 */
export function unreachableNote(status: Pick<ConnectionView, 'lastError'>): string {
  const { lastError } = status;
  return lastError && isNotFromService(lastError)
    ? errorMessage(lastError, { action: 'intake' })
    : t('status.connection.unreachable');
}
