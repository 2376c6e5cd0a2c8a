/**
 * The one place that turns a {@link BridgeError} into what a user reads. The
 * Node side already writes key-free, user-fit messages; this supplies a default
 * when it sent none and adds what happens next, so every screen says the same
 * thing about the same failure.
 */
import type { BridgeError, BridgeErrorKind } from '../../electron/contract';
import { formatClock } from '../format/clock';

/** What the user was doing, when it changes the wording. */
export interface ErrorContext {
  /** The animal ID looked up, for `not-found`. */
  petId?: string;
}

const FALLBACK: Record<BridgeErrorKind, string> = {
  'invalid-argument': 'A value is not valid.',
  validation: 'The service rejected this.',
  unauthorized: 'The service did not accept the API key for this profile.',
  'not-found': 'The service has no such record.',
  conflict: 'The service is still working on an earlier attempt of this request.',
  'rate-limited': 'The service asked Kennel to slow down.',
  banned: 'The service has blocked this API key for a while.',
  server: 'The service had a problem.',
  network: 'Cannot reach the service.',
  timeout: 'The service did not answer in time.',
  'malformed-response': 'The service sent an answer Kennel could not read.',
  'not-configured': 'This profile is not set up yet.',
  unavailable: 'This is no longer available from the service.',
  internal: 'Something went wrong in Kennel.',
};

function nextStep(error: BridgeError): string {
  switch (error.kind) {
    case 'unauthorized':
      return 'Enter a valid API key.';
    case 'rate-limited':
    case 'banned':
      return error.retryAt !== undefined
        ? `Nothing is sent before ${formatClock(error.retryAt)}.`
        : 'Kennel will try again later.';
    case 'conflict':
    case 'server':
    case 'timeout':
      return 'Kennel will try again.';
    case 'network':
      return 'Your work is kept on this computer and sent when the service is back.';
    case 'not-configured':
      return 'Set its base URL in Settings and its API key.';
    default:
      return '';
  }
}

/** The text shown for `error`; never empty. */
export function errorMessage(error: BridgeError, context: ErrorContext = {}): string {
  if (error.kind === 'not-found' && context.petId !== undefined) {
    return `No animal with ID ${context.petId}`;
  }
  const detail = error.message.trim() || FALLBACK[error.kind];
  const step = nextStep(error);
  if (step === '' || detail.includes(step)) return detail;
  return `${/[.!?]$/.test(detail) ? detail : `${detail}.`} ${step}`;
}

/** The form field a validation error is about, when the Node side or the service named one. */
export function errorField(error: BridgeError): 'name' | 'categoryId' | 'status' | null {
  const field = error.field;
  return field === 'name' || field === 'categoryId' || field === 'status' ? field : null;
}

/** Kinds whose Node-side message is about the connection, not for staff. */
const TECHNICAL_KINDS: ReadonlySet<BridgeErrorKind> = new Set([
  'network',
  'timeout',
  'malformed-response',
]);

/**
 * The text for a failed read (a refresh, a lookup, the orders): as
 * {@link errorMessage}, but a message built from an HTTP answer or a failed
 * connection (status codes, addresses, socket error names) gives way to the
 * plain sentence for its kind. Not for intake, where the service's own 400
 * message says what to correct.
 */
export function plainErrorMessage(error: BridgeError, context: ErrorContext = {}): string {
  if (error.status !== undefined || TECHNICAL_KINDS.has(error.kind)) {
    return errorMessage({ ...error, message: '' }, context);
  }
  return errorMessage(error, context);
}
