import { WebHostError } from './web-host-error';

/**
 * Raised when the web host's port is taken, most likely by another Kennel.
 * The host never moves to another port by itself: a different port is a
 * different origin, with an empty database.
 */
export class PortInUseError extends WebHostError {
  override name = 'PortInUseError';

  constructor(
    readonly port: number,
    options?: { cause?: unknown },
  ) {
    super(`Port ${port} on 127.0.0.1 is already in use.`, options);
  }
}

/** Type guard for {@link PortInUseError}. */
export function isPortInUseError(error: unknown): error is PortInUseError {
  return error instanceof PortInUseError;
}
