import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError, type KennelErrorOptions } from './kennel-error';

/** Options of a {@link MalformedResponseError}. */
export interface MalformedResponseOptions extends KennelErrorOptions {
  /** HTTP status of the offending response. */
  status?: number;
  /** Kennel's own code for what was wrong, when the renderer words it apart. */
  code?: string;
}

/** The service answered with a body (or a status) that does not match the interface. */
export class MalformedResponseError extends KennelError {
  override readonly name: string = 'MalformedResponseError';
  readonly kind: BridgeErrorKind = 'malformed-response';
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(message: string, options: MalformedResponseOptions = {}) {
    super(message, options);
    this.status = options.status;
    this.code = options.code;
  }
}
