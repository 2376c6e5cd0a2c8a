import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError, type KennelErrorOptions } from './kennel-error';

/** Options of a {@link NetworkError}. */
export interface NetworkErrorOptions extends KennelErrorOptions {
  /** True when the request was sent and no answer came: it may have taken effect. */
  outcomeUnknown: boolean;
}

/** The connection failed (refused, reset, dropped). Retried with backoff within the deadline. */
export class NetworkError extends KennelError {
  override readonly name: string = 'NetworkError';
  readonly kind: BridgeErrorKind = 'network';
  /** Retry only with the same idempotency key when this is true. */
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: NetworkErrorOptions) {
    super(message, options);
    this.outcomeUnknown = options.outcomeUnknown;
  }
}
