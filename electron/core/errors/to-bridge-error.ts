import type { BridgeError } from '../../contract/index';
import { ApiError } from './api-error';
import { InvalidArgumentError } from './invalid-argument-error';
import { KennelError } from './kennel-error';
import { MalformedResponseError } from './malformed-response-error';
import { NetworkError } from './network-error';
import { RateLimitedError } from './rate-limited-error';
import { TimeoutError } from './timeout-error';

const GENERIC_MESSAGE = 'Something went wrong inside Kennel. Please try again.';
const REDACTED = '[redacted]';

/** Replaces every secret in `text`; secrets shorter than 4 characters are not worth matching. */
function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * Maps any thrown value to the serialisable {@link BridgeError} the renderer
 * receives. Unknown errors become `internal` with a generic message: no stack,
 * no internals. `secrets` (the keys in use) are scrubbed from every message as
 * a last line of defence; messages are written never to contain them anyway.
 */
export function toBridgeError(err: unknown, secrets: readonly string[] = []): BridgeError {
  if (!(err instanceof KennelError)) return { kind: 'internal', message: GENERIC_MESSAGE };

  const out: BridgeError = { kind: err.kind, message: redact(err.message, secrets) };
  if (err.retryAt !== undefined && Number.isFinite(err.retryAt)) out.retryAt = err.retryAt;

  if (err instanceof ApiError) {
    out.status = err.status;
    if (err.code !== undefined) out.code = redact(err.code, secrets);
  } else if (err instanceof RateLimitedError) {
    if (err.status !== undefined) out.status = err.status;
    if (err.code !== undefined) out.code = redact(err.code, secrets);
  } else if (err instanceof MalformedResponseError) {
    if (err.status !== undefined) out.status = err.status;
  } else if (err instanceof NetworkError || err instanceof TimeoutError) {
    out.outcomeUnknown = err.outcomeUnknown;
  } else if (err instanceof InvalidArgumentError) {
    if (err.field !== undefined) out.field = err.field;
  }
  return out;
}
