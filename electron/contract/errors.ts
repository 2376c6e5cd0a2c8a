/**
 * How a call across the bridge fails: the error's kind, which the sync engine
 * and the UI act on, and the codes Kennel gives its own refusals.
 */

/** Every error kind, for checking values that arrive over the wire. */
export const BRIDGE_ERROR_KINDS = [
  'invalid-argument', // rejected before sending (bad limit, status, NewPet, id, URL)
  'validation', // 400 from the service
  'unauthorized', // 401
  'not-found', // 404
  'conflict', // 409/422 from the idempotency layer
  'rate-limited', // 429, or the governor refused to send before the deadline
  'banned', // the service has banned the key for a while
  'server', // 5xx
  'network', // connection refused/reset/dropped
  'timeout',
  'malformed-response', // a body that does not match the interface
  'not-configured', // profile has no base URL or no key
  'unavailable', // e.g. getPet after its removal date
  'internal',
] as const;

/**
 * Error classes that cross the bridge. The sync engine and the UI decide what to
 * do from `kind` alone; `message` is English for logs and never holds the key.
 */
export type BridgeErrorKind = (typeof BRIDGE_ERROR_KINDS)[number];

export interface BridgeError {
  kind: BridgeErrorKind;
  message: string;
  /** HTTP status when there was a response. */
  status?: number;
  /** The service's machine-readable `code` when it sent one. */
  code?: string;
  /**
   * The service's own words about the failure (its body's `message`), as it
   * wrote them: quoted to staff, never parsed. Kennel's `message` is English
   * for logs and never shown.
   */
  serviceMessage?: string;
  /** For `invalid-argument`/`validation`: the field at fault, if known (`name`, `categoryId`, `status`, `limit`). */
  field?: string;
  /** Epoch ms before which retrying is pointless (rate-limited, banned, backoff). */
  retryAt?: number;
  /** True when the request may have taken effect (sent, no answer): retry with the same idempotency key. */
  outcomeUnknown?: boolean;
}

/**
 * `code` of the `rate-limited` error with which the governor holds background
 * work back (the window's or the day's share for it is spent); nothing was
 * sent and the service is fine.
 */
export const BACKGROUND_HELD_CODE = 'kennel_background_held';

/**
 * `code` of the `rate-limited` error of a request that waited its whole
 * deadline behind queued intake (intake goes first): nothing was sent and the
 * service is fine; it goes once intake has had its turn.
 */
export const HELD_FOR_INTAKE_CODE = 'kennel_held_for_intake';

/**
 * `code` of the `malformed-response` error of an answer far larger than the
 * request can mean: Kennel stopped reading it and changed nothing.
 */
export const ANSWER_TOO_LARGE_CODE = 'kennel_answer_too_large';

/**
 * `code` of the `malformed-response` error of a success that cannot be the
 * service's: a web page, a body that is not JSON, or none at all, as a Wi-Fi
 * sign-in page in front of the service answers every request. The service
 * was most likely not reached; a create's outcome is still looked up.
 */
export const NOT_FROM_SERVICE_CODE = 'kennel_not_from_service';

/** True for an error whose answer came from something in front of the service, not from it. */
export function isNotFromService(error: { kind: string; code?: string }): boolean {
  return error.kind === 'malformed-response' && error.code === NOT_FROM_SERVICE_CODE;
}

/** True for an error that only says Kennel held the request back itself. */
export function isHeldBack(error: { code?: string }): boolean {
  return error.code === BACKGROUND_HELD_CODE || error.code === HELD_FOR_INTAKE_CODE;
}
