/** The typed errors of the Node side and their mapping to the bridge contract. */
export { isKennelError } from './kennel-error';
export { ApiError, isApiError } from './api-error';
export { ValidationError, isValidationError } from './validation-error';
export { UnauthorizedError, isUnauthorizedError } from './unauthorized-error';
export { NotFoundError, isNotFoundError } from './not-found-error';
export { ConflictError, isConflictError } from './conflict-error';
export { RateLimitedError, isRateLimitedError } from './rate-limited-error';
export { BannedError, isBannedError } from './banned-error';
export { ServerError, isServerError } from './server-error';
export { NetworkError, isNetworkError } from './network-error';
export { TimeoutError, isTimeoutError } from './timeout-error';
export { MalformedResponseError, isMalformedResponseError } from './malformed-response-error';
export { InvalidArgumentError, isInvalidArgumentError } from './invalid-argument-error';
export { NotConfiguredError, isNotConfiguredError } from './not-configured-error';
export { UnavailableError, isUnavailableError } from './unavailable-error';
export { toBridgeError } from './to-bridge-error';
