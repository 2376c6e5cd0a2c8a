/** The Node side's error classes together, for the suites that go through them all. */
export { KennelError } from '../../../../electron/core/errors/kennel-error';
export { ApiError } from '../../../../electron/core/errors/api-error';
export { ValidationError } from '../../../../electron/core/errors/validation-error';
export { UnauthorizedError } from '../../../../electron/core/errors/unauthorized-error';
export { NotFoundError } from '../../../../electron/core/errors/not-found-error';
export { ConflictError } from '../../../../electron/core/errors/conflict-error';
export { RateLimitedError } from '../../../../electron/core/errors/rate-limited-error';
export { BannedError } from '../../../../electron/core/errors/banned-error';
export { ServerError } from '../../../../electron/core/errors/server-error';
export { NetworkError } from '../../../../electron/core/errors/network-error';
export { TimeoutError } from '../../../../electron/core/errors/timeout-error';
export { MalformedResponseError } from '../../../../electron/core/errors/malformed-response-error';
export { InvalidArgumentError } from '../../../../electron/core/errors/invalid-argument-error';
export { NotConfiguredError } from '../../../../electron/core/errors/not-configured-error';
export { UnavailableError } from '../../../../electron/core/errors/unavailable-error';
export { toBridgeError } from '../../../../electron/core/errors/to-bridge-error';
