/**
 * What the Orders view says when the listing cannot be fetched: the plain
 * wording every read uses (`errorMessage`), with one reading of its own.
 */
import type { BridgeError } from '../../electron/contract';
import { errorMessage } from '../errors/messages';

/**
 * The spec names `GET /store/orders` but does not promise it: a service that
 * answers 404 has no orders listing at all, not a missing record.
 */
export const NO_ORDERS_LISTING = 'This service does not offer a list of orders.';

/** The sentence shown for a failed orders request; never empty, never an HTTP code. */
export function ordersErrorText(error: BridgeError): string {
  if (error.kind === 'not-found') return NO_ORDERS_LISTING;
  return errorMessage(error, { action: 'read' });
}

/** Shown when the answer cannot be read back; the Node side wrote it, so this is not expected. */
export function unreadableOrdersText(): string {
  return errorMessage({ kind: 'malformed-response', message: '' });
}
