import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError, type KennelErrorOptions } from './kennel-error';

/** What the service told us about a failed request. */
export interface ApiErrorDetails extends KennelErrorOptions {
  /** HTTP status of the response. */
  status: number;
  /** The service's machine-readable `code`, when the body carried one. */
  code?: string;
  /** The service's own `message`, when the body carried one. */
  serviceMessage?: string;
}

/**
 * The service answered with an error status. Subclasses cover the statuses the
 * spec names; this class itself covers the rest (an unexpected 4xx means the
 * request needs a person, so it is reported like a validation problem).
 */
export class ApiError extends KennelError {
  override readonly name: string = 'ApiError';
  readonly kind: BridgeErrorKind = 'validation';
  readonly status: number;
  readonly code: string | undefined;
  readonly serviceMessage: string | undefined;

  constructor(message: string, details: ApiErrorDetails) {
    super(message, details);
    this.status = details.status;
    this.code = details.code;
    this.serviceMessage = details.serviceMessage;
  }
}
