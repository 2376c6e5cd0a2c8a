import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError } from './kennel-error';

/** The profile has no usable base URL or no key, or its key cannot be read. */
export class NotConfiguredError extends KennelError {
  override readonly name: string = 'NotConfiguredError';
  readonly kind: BridgeErrorKind = 'not-configured';
}
