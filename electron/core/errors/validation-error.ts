import type { BridgeErrorKind } from '../../contract/errors';
import { ApiError } from './api-error';

/** The service rejected the request body (400): the item needs the user, keep it editable. */
export class ValidationError extends ApiError {
  override readonly name: string = 'ValidationError';
  override readonly kind: BridgeErrorKind = 'validation';
}
