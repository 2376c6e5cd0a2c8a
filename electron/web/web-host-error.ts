/** Raised when the web host cannot start as asked (non-loopback address, bad renderer folder). */
export class WebHostError extends Error {
  override name = 'WebHostError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Type guard for {@link WebHostError}. */
export function isWebHostError(error: unknown): error is WebHostError {
  return error instanceof WebHostError;
}
