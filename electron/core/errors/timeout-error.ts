import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError, type KennelErrorOptions } from './kennel-error';

/** Options of a {@link TimeoutError}. */
export interface TimeoutErrorOptions extends KennelErrorOptions {
  /** True when the request was sent and no answer came: it may have taken effect. */
  outcomeUnknown: boolean;
}

/** No answer within the per-attempt timeout or the overall deadline. */
export class TimeoutError extends KennelError {
  override readonly name: string = 'TimeoutError';
  readonly kind: BridgeErrorKind = 'timeout';
  /** Retry only with the same idempotency key when this is true. */
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: TimeoutErrorOptions) {
    super(message, options);
    this.outcomeUnknown = options.outcomeUnknown;
  }
}
