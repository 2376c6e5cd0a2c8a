import type { BridgeErrorKind } from '../../contract/index';
import { ApiError } from './api-error';

/** The requested animal does not exist (404). */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
  override readonly kind: BridgeErrorKind = 'not-found';
}

/** True for a {@link NotFoundError}. */
export function isNotFoundError(value: unknown): value is NotFoundError {
  return value instanceof NotFoundError;
}
