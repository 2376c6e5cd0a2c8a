/**
 * What the Orders view says when the listing cannot be fetched: the plain
 * wording every read uses (`describeError`), with one reading of its own.
 */
import type { BridgeError } from '../../electron/contract/errors';
import { describeError, type ErrorText } from '../errors/messages';
import { t } from '../i18n';

/** Why the listing is not on screen: a failed request, or an answer that could not be read. */
export type OrdersFailure = { kind: 'request'; error: BridgeError } | { kind: 'unreadable' };

/** Sentence, next step and support details for a failed orders request. */
export function describeOrdersError(error: BridgeError): ErrorText {
  const plain = describeError(error, { action: 'read' });
  // The spec names `GET /store/orders` but does not promise it: a service that
  // answers 404 has no orders listing at all, not a missing record.
  if (error.kind === 'not-found') return { ...plain, summary: t('orders.noListing'), next: '' };
  // A refused read has no record to correct, so the service's words go to the
  // details rather than into the sentence.
  if (error.kind === 'validation') {
    const { serviceMessage: _said, ...kindOnlyError } = error;
    const kindOnly = describeError(kindOnlyError, { action: 'read' });
    return { ...kindOnly, details: plain.details };
  }
  return plain;
}

/** The same failure as one or two sentences; never empty, never an HTTP code. */
function ordersErrorText(error: BridgeError): string {
  const { summary, next } = describeOrdersError(error);
  return next === '' ? summary : `${summary} ${next}`;
}

/** Shown when the answer cannot be read back; the Node side wrote it, so this is not expected. */
function unreadableOrdersText(): string {
  return ordersErrorText({ kind: 'malformed-response', message: '' });
}

/** The sentence for whatever kept the listing off screen. */
export function ordersFailureText(failure: OrdersFailure): string {
  return failure.kind === 'unreadable' ? unreadableOrdersText() : ordersErrorText(failure.error);
}
