/**
 * The one place that decides whether an answer came from the service at all:
 * by its status (a 511, a redirect) and, for a success, by its body. What a
 * network answering in the service's place sends is a `malformed-response`
 * error with {@link NOT_FROM_SERVICE_CODE}, which the window reads as
 * "not reached" (`isNotFromService`).
 */
import { NOT_FROM_SERVICE_CODE } from '../../contract/errors';
import { MalformedResponseError } from '../errors/malformed-response-error';
import { parseJsonLossless } from './json';

/** Media types of a web page: what a sign-in page in front of the service sends. */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);

function mediaType(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The error of an answer that cannot be the service's, `what` saying why. The
 * spec shows no redirect and no success without JSON; a network that answers
 * in the service's place (a Wi-Fi sign-in page) sends exactly those.
 */
function notFromService(what: string, status: number, cause?: unknown): MalformedResponseError {
  return new MalformedResponseError(
    `The answer ${what}, so it cannot have come from the service (a sign-in page in front of it, perhaps).`,
    { status, code: NOT_FROM_SERVICE_CODE, ...(cause === undefined ? {} : { cause }) },
  );
}

/** What the status decision reads of an answer. */
interface AnswerHead {
  status: number;
  headers: Headers;
  /** Where the request went: tells a redirect within the service's own host from one elsewhere. */
  url?: string;
}

/** True when a redirect points back to the host the request went to. */
function redirectsWithinHost(answer: AnswerHead): boolean {
  const location = answer.headers.get('location');
  if (location === null || answer.url === undefined) return false;
  try {
    return new URL(location, answer.url).hostname === new URL(answer.url).hostname;
  } catch {
    return false;
  }
}

/**
 * The error of an answer whose status alone says it is not the service's
 * own: a 511 (what a sign-in page in front of it should send), a redirect
 * elsewhere, a status below 200. A redirect within the service's host is the
 * service itself moved, said apart. Null for every other status.
 */
export function statusNotFromService(answer: AnswerHead): MalformedResponseError | null {
  const { status } = answer;
  // "Network Authentication Required".
  if (status === 511) return notFromService('asks to sign in to the network (HTTP 511)', status);
  if (status >= 300 && status < 400 && redirectsWithinHost(answer)) {
    // The service itself moved (http to https, another path): its address needs
    // changing, which no sign-in will fix; Kennel still does not follow it.
    return new MalformedResponseError(
      `The service answered with a redirect within its own host (HTTP ${status}); its address in Settings may need changing.`,
      { status },
    );
  }
  if (status < 200 || (status >= 300 && status < 400)) {
    // Kennel does not follow redirects, so the key stays with its host.
    return notFromService(`is a redirect or an unexpected status (HTTP ${status})`, status);
  }
  return null;
}

/**
 * The JSON of a success answer, parsed losslessly: the one place that decides
 * whether a `2xx` came from the service at all. A web page, an empty body or
 * text that is not JSON cannot be the spec's answer, and is what a network
 * that answers in the service's place (a Wi-Fi sign-in page) sends: such an
 * answer throws a `malformed-response` error with {@link NOT_FROM_SERVICE_CODE}.
 * JSON of the wrong shape is the service's own mistake, left to the parsers
 * of each answer (`api/pet-parser.ts`).
 */
export function parseSuccessBody(answer: {
  status: number;
  headers: Headers;
  body: string;
}): unknown {
  if (PAGE_TYPES.has(mediaType(answer.headers))) {
    throw notFromService('is a web page', answer.status);
  }
  if (answer.body.trim() === '') throw notFromService('is empty', answer.status);
  try {
    return parseJsonLossless(answer.body);
  } catch (err) {
    throw notFromService('is not JSON', answer.status, err);
  }
}
