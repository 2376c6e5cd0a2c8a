import type { BridgeErrorKind } from '../../contract/errors';
import { ApiError } from './api-error';

/** The requested animal does not exist (404). */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
  override readonly kind: BridgeErrorKind = 'not-found';
}
