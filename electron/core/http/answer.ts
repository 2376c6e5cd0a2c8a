import { ApiError } from '../errors/api-error';
import { BannedError } from '../errors/banned-error';
import { ConflictError } from '../errors/conflict-error';
import type { KennelError } from '../errors/kennel-error';
import { NotFoundError } from '../errors/not-found-error';
import { RateLimitedError } from '../errors/rate-limited-error';
import { ServerError } from '../errors/server-error';
import { UnauthorizedError } from '../errors/unauthorized-error';
import { isSafeErrorCode } from '../errors/safe-error-code';
import { ValidationError } from '../errors/validation-error';
import { statusNotFromService } from './from-service';
import { parseJsonLossless } from './json';

/** One HTTP exchange as the governor and the client see it: the body already read. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The raw body; may be empty or not JSON (a 429 may have none). */
  body: string;
  /** Local epoch ms when the request left and when the answer was complete. */
  sentAt: number;
  receivedAt: number;
  /** Where the request went (`from-service.ts` tells a redirect within the service's host by it). */
  url?: string;
}

/** The `Error` body of the spec, when the service sent one. */
export interface ErrorBody {
  code: string | undefined;
  message: string | undefined;
}

const BANNED_CODE = 'key_banned';

/**
 * Reads `{code, message, status}` from a body, tolerating anything else
 * (empty, text, HTML). A `code` that is not a plain identifier is dropped. The
 * message is kept whole: it may echo the key, and cutting it here would leave
 * a fragment too short to recognise. The key is redacted, and only then is the
 * text cut, where errors leave the core (`toBridgeError`).
 */
export function readErrorBody(body: string): ErrorBody {
  let parsed: unknown;
  try {
    parsed = parseJsonLossless(body);
  } catch {
    return { code: undefined, message: undefined };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { code: undefined, message: undefined };
  }
  const record = parsed as Record<string, unknown>;
  const code =
    typeof record.code === 'string' && isSafeErrorCode(record.code) ? record.code : undefined;
  const message = typeof record.message === 'string' ? record.message : undefined;
  return { code, message };
}

/** True when a 429 answer says the key is banned rather than merely over its window. */
export function isBannedAnswer(answer: HttpAnswer): boolean {
  return answer.status === 429 && readErrorBody(answer.body).code === BANNED_CODE;
}

function describe(status: number, body: ErrorBody, fallback: string): string {
  const said = body.message === undefined ? '' : `: ${body.message}`;
  return `${fallback} (HTTP ${status})${said}`;
}

/**
 * Classifies a non-2xx answer into the typed error the caller acts on.
 * `retryAt` is attached where the governor knows it.
 */
export function errorFromAnswer(answer: HttpAnswer, retryAt?: number): KennelError {
  const { status } = answer;
  const body = readErrorBody(answer.body);
  const details = {
    status,
    ...(body.code === undefined ? {} : { code: body.code }),
    ...(body.message === undefined ? {} : { serviceMessage: body.message }),
    ...(retryAt === undefined ? {} : { retryAt }),
  };
  if (status === 429) {
    return body.code === BANNED_CODE
      ? new BannedError(
          describe(status, body, 'The service has banned this key for a while'),
          details,
        )
      : new RateLimitedError(describe(status, body, 'Rate limit reached'), details);
  }
  if (status === 400)
    return new ValidationError(describe(status, body, 'The service rejected the request'), details);
  if (status === 401 || status === 403) {
    return new UnauthorizedError(
      describe(status, body, 'The service did not accept the API key'),
      details,
    );
  }
  if (status === 404) return new NotFoundError(describe(status, body, 'Not found'), details);
  if (status === 409 || status === 422) {
    return new ConflictError(
      describe(status, body, 'The request conflicts with an earlier one'),
      details,
    );
  }
  const notTheService = statusNotFromService(answer);
  if (notTheService !== null) return notTheService;
  if (status >= 500) return new ServerError(describe(status, body, 'The service failed'), details);
  return new ApiError(describe(status, body, 'The service refused the request'), details);
}
