import type { BridgeErrorKind } from '../../contract/errors';
import { ApiError } from './api-error';

/** The idempotency layer refused (409 still in flight, 422 same key with another body). */
export class ConflictError extends ApiError {
  override readonly name: string = 'ConflictError';
  override readonly kind: BridgeErrorKind = 'conflict';
}
