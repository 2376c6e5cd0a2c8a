import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError, type KennelErrorOptions } from './kennel-error';

/** Details of a rate-limit refusal. */
export interface RateLimitDetails extends KennelErrorOptions {
  /** 429 when the service answered; absent when the governor refused before sending. */
  status?: number;
  /**
   * The service's error code, or `BACKGROUND_HELD_CODE` (contract) when the
   * governor held background work back by a rule of its own.
   */
  code?: string;
}

/**
 * The window or the daily budget is spent: the service answered 429, or the
 * governor refused to send because the wait would outlast the deadline, or it
 * held background work back (see {@link RateLimitDetails.code}). `retryAt`
 * says when trying again makes sense.
 */
export class RateLimitedError extends KennelError {
  override readonly name: string = 'RateLimitedError';
  readonly kind: BridgeErrorKind = 'rate-limited';
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(message: string, details: RateLimitDetails = {}) {
    super(message, details);
    this.status = details.status;
    this.code = details.code;
  }
}
