import type { BridgeErrorKind } from '../../contract/errors';

/** Options shared by every Kennel error. */
export interface KennelErrorOptions {
  /** The lower-level error this one explains. */
  cause?: unknown;
  /** Epoch ms (local clock) before which retrying is pointless. */
  retryAt?: number;
}

/**
 * Base of every error the Node side raises on purpose. Each subclass names the
 * {@link BridgeErrorKind} the renderer acts on, so classification happens once.
 */
export abstract class KennelError extends Error {
  /** What the caller should do about it, as the bridge contract names it. */
  abstract readonly kind: BridgeErrorKind;
  /**
   * Epoch ms before which retrying is pointless. Mutable because the governor
   * learns it after the error was classified (backoff, pauses).
   */
  retryAt: number | undefined;

  constructor(message: string, options: KennelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAt = options.retryAt;
  }
}
