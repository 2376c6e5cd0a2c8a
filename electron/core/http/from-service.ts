import { NOT_FROM_SERVICE_CODE } from '../../contract/index';
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
export function notFromService(
  what: string,
  status: number,
  cause?: unknown,
): MalformedResponseError {
  return new MalformedResponseError(
    `The answer ${what}, so it cannot have come from the service (a sign-in page in front of it, perhaps).`,
    { status, code: NOT_FROM_SERVICE_CODE, ...(cause === undefined ? {} : { cause }) },
  );
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
