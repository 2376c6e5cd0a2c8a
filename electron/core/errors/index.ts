/** The typed errors of the Node side and their mapping to the bridge contract. */
export { KennelError, isKennelError, type KennelErrorOptions } from './kennel-error';
export { ApiError, isApiError, type ApiErrorDetails } from './api-error';
export { ValidationError, isValidationError } from './validation-error';
export { UnauthorizedError, isUnauthorizedError } from './unauthorized-error';
export { NotFoundError, isNotFoundError } from './not-found-error';
export { ConflictError, isConflictError } from './conflict-error';
export { RateLimitedError, isRateLimitedError, type RateLimitDetails } from './rate-limited-error';
export { BannedError, isBannedError } from './banned-error';
export { ServerError, isServerError } from './server-error';
export { NetworkError, isNetworkError, type NetworkErrorOptions } from './network-error';
export { TimeoutError, isTimeoutError, type TimeoutErrorOptions } from './timeout-error';
export {
  MalformedResponseError,
  isMalformedResponseError,
  type MalformedResponseOptions,
} from './malformed-response-error';
export {
  InvalidArgumentError,
  isInvalidArgumentError,
  type InvalidArgumentOptions,
} from './invalid-argument-error';
export { NotConfiguredError, isNotConfiguredError } from './not-configured-error';
export { UnavailableError, isUnavailableError } from './unavailable-error';
export { toBridgeError } from './to-bridge-error';
