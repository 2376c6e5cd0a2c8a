/** Raised when the reference service cannot start; `message` is one line fit for a terminal. */
export class ServiceStartError extends Error {
  override name = 'ServiceStartError';
}

/** True when `error` is a {@link ServiceStartError}. */
export function isServiceStartError(error: unknown): error is ServiceStartError {
  return error instanceof ServiceStartError;
}
