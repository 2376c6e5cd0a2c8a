import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError, type KennelErrorOptions } from './kennel-error';

/** Options of an {@link InvalidArgumentError}. */
export interface InvalidArgumentOptions extends KennelErrorOptions {
  /** The argument or field at fault (`limit`, `status`, `name`, `categoryId`, `id`, `baseUrl`, ...). */
  field?: string;
}

/** An argument was rejected before anything was sent. */
export class InvalidArgumentError extends KennelError {
  override readonly name: string = 'InvalidArgumentError';
  readonly kind: BridgeErrorKind = 'invalid-argument';
  readonly field: string | undefined;

  constructor(message: string, options: InvalidArgumentOptions = {}) {
    super(message, options);
    this.field = options.field;
  }
}
