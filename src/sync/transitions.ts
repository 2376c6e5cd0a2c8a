/**
 * What the replayer does with an outbox entry when `createPet` fails, decided
 * from the error's `kind` alone (plus the status for `conflict`, and whether
 * a `malformed-response` came from the service at all).
 */
import { isNotFromService, type BridgeError } from '../../electron/contract/errors';

/** The action for one failed send. */
export type SendFailureAction =
  /** The service refused the animal: the user must edit, resend or discard. Later entries go on. */
  | 'needs-attention'
  /** The key is missing or wrong: pause the whole queue until a key is set. */
  | 'block-unauthorized'
  /** 429 or a ban: nothing is sent before `retryAt`. */
  | 'pause'
  /** Transient: retry the same entry with the same key after a backoff. */
  | 'backoff'
  /** No base URL or key for this profile: stop until the user acts. */
  | 'stop-not-configured';

/** Attempts after which a malformed answer hands the entry to the user. */
const MALFORMED_ATTEMPTS = 3;

/**
 * Classifies a `createPet` failure. `attempts` counts the one that just failed.
 * What no retry can fix (a wrong base path, an operation gone, an answer that
 * stays unreadable) goes to the user rather than blocking the queue for ever;
 * the entry keeps its idempotency key either way. Unknown kinds back off
 * rather than drop.
 */
export function sendFailureAction(error: BridgeError, attempts = 1): SendFailureAction {
  switch (error.kind) {
    case 'validation':
    case 'invalid-argument':
    case 'not-found':
    case 'unavailable':
      return 'needs-attention';
    case 'malformed-response':
      // Something in front of the service answered: no number of them says anything of the animal.
      if (isNotFromService(error)) return 'backoff';
      return attempts >= MALFORMED_ATTEMPTS ? 'needs-attention' : 'backoff';
    case 'conflict':
      // 422: the key was used with a different body; only the user can settle
      // that. 409 (a request with this key still in flight) clears by itself.
      return error.status === 422 ? 'needs-attention' : 'backoff';
    case 'unauthorized':
      return 'block-unauthorized';
    case 'rate-limited':
    case 'banned':
      return 'pause';
    case 'not-configured':
      return 'stop-not-configured';
    default:
      return 'backoff';
  }
}

/**
 * True for failures that mean the service did not answer at all: no answer,
 * or an answer from something in front of it.
 */
export function meansOffline(error: BridgeError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || isNotFromService(error);
}

/**
 * True for a failure that waited for a pause the service asked for (a 429 or
 * a ban, as the governor hands it back): the user may end such a pause early
 * ("Try again now"), unlike the governor's own refusals (the day's budget,
 * another desk's turn), which carry no status.
 */
export function isServicePause(error: BridgeError): boolean {
  return (error.kind === 'rate-limited' || error.kind === 'banned') && error.status === 429;
}
