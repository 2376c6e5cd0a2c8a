import type { BridgeErrorKind } from '../../contract/errors';
import { RateLimitedError } from './rate-limited-error';

/**
 * The service banned the key for a while (`key_banned`), usually after requests
 * kept coming inside a Retry-After window. A rate-limit refusal that lasts
 * longer: nothing is sent before `retryAt`.
 */
export class BannedError extends RateLimitedError {
  override readonly name: string = 'BannedError';
  override readonly kind: BridgeErrorKind = 'banned';
}
