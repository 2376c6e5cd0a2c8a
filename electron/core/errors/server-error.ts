import type { BridgeErrorKind } from '../../contract/errors';
import { ApiError } from './api-error';

/** The service failed (5xx); retried with backoff until the deadline. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
  override readonly kind: BridgeErrorKind = 'server';
}
