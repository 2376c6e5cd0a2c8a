/**
 * What the Orders view says when the listing cannot be fetched. The wording
 * comes from `errorMessage`, so it reads like every other screen, but
 * messages built from an HTTP answer or a failed connection carry status
 * codes, addresses and socket error names that mean nothing at the desk:
 * for those the plain sentence for the kind of failure is used instead.
 */
import type { BridgeError } from '../../electron/contract';
import { errorMessage } from '../errors/messages';

/**
 * The spec names `GET /store/orders` but does not promise it: a service that
 * answers 404 has no orders listing at all, not a missing record.
 */
export const NO_ORDERS_LISTING = 'This service does not offer a list of orders.';

/** Kinds whose Node-side message is about the connection, not for staff. */
const TECHNICAL_KINDS: ReadonlySet<BridgeError['kind']> = new Set([
  'network',
  'timeout',
  'malformed-response',
]);

/** The sentence shown for a failed orders request; never empty, never an HTTP code. */
export function ordersErrorText(error: BridgeError): string {
  if (error.kind === 'not-found') return NO_ORDERS_LISTING;
  if (error.status !== undefined || TECHNICAL_KINDS.has(error.kind)) {
    return errorMessage({ ...error, message: '' });
  }
  return errorMessage(error);
}

/** Shown when the answer cannot be read back; the Node side wrote it, so this is not expected. */
export function unreadableOrdersText(): string {
  return errorMessage({ kind: 'malformed-response', message: '' });
}
