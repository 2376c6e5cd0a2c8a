import type { PortHolder } from './port-owner';
import { WebHostError } from './web-host-error';

/**
 * Raised when the web host's port is taken, and said who holds it: this data
 * folder's Kennel, or another program, which would serve the page's origin
 * and could read what Kennel keeps there. The host never moves to another
 * port by itself: a different port is a different origin, with an empty database.
 */
export class PortInUseError extends WebHostError {
  override name = 'PortInUseError';

  constructor(
    readonly port: number,
    readonly heldBy: PortHolder,
    options?: { cause?: unknown },
  ) {
    super(
      heldBy === 'this-kennel'
        ? `Port ${port} on 127.0.0.1 is held by the Kennel already open on this data folder.`
        : `Port ${port} on 127.0.0.1 is held by another program, not Kennel.`,
      options,
    );
  }
}

/** Type guard for {@link PortInUseError}. */
export function isPortInUseError(error: unknown): error is PortInUseError {
  return error instanceof PortInUseError;
}
