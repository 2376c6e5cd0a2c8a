import type { BridgeErrorKind } from '../../contract/index';
import { KennelError } from './kennel-error';

/** The operation is no longer offered (e.g. `getPet` after its removal or sunset date); nothing was sent. */
export class UnavailableError extends KennelError {
  override readonly name: string = 'UnavailableError';
  readonly kind: BridgeErrorKind = 'unavailable';
}

/** True for a {@link UnavailableError}. */
export function isUnavailableError(value: unknown): value is UnavailableError {
  return value instanceof UnavailableError;
}
