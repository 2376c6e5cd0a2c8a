import type { BridgeErrorKind } from '../../contract/errors';
import { ApiError } from './api-error';

/** The key is missing, wrong or not allowed (401/403): pause and ask for the key. */
export class UnauthorizedError extends ApiError {
  override readonly name: string = 'UnauthorizedError';
  override readonly kind: BridgeErrorKind = 'unauthorized';
}
