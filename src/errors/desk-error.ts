/**
 * A failure on this computer (its storage, a bug), as a {@link BridgeError}, so
 * the sync status keeps one kind of error, as data: `messages.ts` words it in
 * the language of the moment it is shown.
 */
import type { BridgeError } from '../../electron/contract/errors';
import { isStorageFull } from '../data/storage';

/** Kennel's codes for failures of its own; `messages.ts` words each. */
export const DESK_CODES = {
  storageFull: 'kennel:storage-full',
  failed: 'kennel:desk-failed',
} as const;

/** `err`, thrown on this computer, as the error the sync status keeps. */
export function deskError(err: unknown): BridgeError {
  return isStorageFull(err)
    ? { kind: 'internal', code: DESK_CODES.storageFull, message: 'The disk is full.' }
    : {
        kind: 'internal',
        code: DESK_CODES.failed,
        message: err instanceof Error ? `${err.name}: ${err.message}` : 'An unexpected failure.',
      };
}
