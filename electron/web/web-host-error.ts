/** Raised when the web host cannot start as asked (non-loopback address, bad renderer folder). */
export class WebHostError extends Error {
  override name = 'WebHostError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
