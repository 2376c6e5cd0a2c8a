import type { BridgeErrorKind } from '../../contract/errors';
import { KennelError } from './kennel-error';

/**
 * The operation is no longer offered: `getPet` after its removal or Sunset date
 * (refused before sending), or answered `410 Gone` (or `404` past its Sunset).
 */
export class UnavailableError extends KennelError {
  override readonly name: string = 'UnavailableError';
  readonly kind: BridgeErrorKind = 'unavailable';
}
