import type { BridgeErrorKind } from '../../contract/index';
import { KennelError } from './kennel-error';
import type { RateLimitDetails } from './rate-limited-error';

/**
 * The service banned the key for a while (`key_banned`), usually after requests
 * kept coming inside a Retry-After window. Nothing is sent before `retryAt`.
 */
export class BannedError extends KennelError {
  override readonly name: string = 'BannedError';
  readonly kind: BridgeErrorKind = 'banned';
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(message: string, details: RateLimitDetails = {}) {
    super(message, details);
    this.status = details.status;
    this.code = details.code;
  }
}

/** True for a {@link BannedError}. */
export function isBannedError(value: unknown): value is BannedError {
  return value instanceof BannedError;
}
