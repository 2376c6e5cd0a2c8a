import type { BridgeError } from '../../contract/errors';
import { ApiError } from './api-error';
import { InvalidArgumentError } from './invalid-argument-error';
import { KennelError } from './kennel-error';
import { MalformedResponseError } from './malformed-response-error';
import { NetworkError } from './network-error';
import { RateLimitedError } from './rate-limited-error';
import { cutText, redactSecrets } from './redact';
import { isSafeErrorCode } from './safe-error-code';
import { TimeoutError } from './timeout-error';

const GENERIC_MESSAGE = 'Something went wrong inside Kennel. Please try again.';

/** Longest message the renderer gets: Kennel's own words plus a service's explanation. */
const MAX_BRIDGE_MESSAGE = 400;

/** A service's `code` as the renderer may see it: scrubbed, then kept only if it still looks like a code. */
function safeCode(code: string | undefined, secrets: readonly string[]): string | undefined {
  if (code === undefined) return undefined;
  const scrubbed = redactSecrets(code, secrets);
  return isSafeErrorCode(scrubbed) ? scrubbed : undefined;
}

/**
 * Maps any thrown value to the serialisable {@link BridgeError} the renderer
 * receives; this is the one place errors leave the core. Unknown errors become
 * `internal` with a generic message: no stack, no internals. Messages may
 * carry what a service said, so `secrets` (the keys in use) are redacted from
 * the whole message first (see {@link redactSecrets}) and only then is it cut
 * to {@link MAX_BRIDGE_MESSAGE} characters; a key cut in half is still caught.
 */
export function toBridgeError(err: unknown, secrets: readonly string[] = []): BridgeError {
  if (!(err instanceof KennelError)) return { kind: 'internal', message: GENERIC_MESSAGE };

  const message = cutText(redactSecrets(err.message, secrets), MAX_BRIDGE_MESSAGE);
  const out: BridgeError = { kind: err.kind, message };
  if (err.retryAt !== undefined && Number.isFinite(err.retryAt)) out.retryAt = err.retryAt;

  if (err instanceof ApiError) {
    out.status = err.status;
    const code = safeCode(err.code, secrets);
    if (code !== undefined) out.code = code;
    const said = err.serviceMessage?.trim() ?? '';
    if (said !== '') {
      out.serviceMessage = cutText(redactSecrets(said, secrets), MAX_BRIDGE_MESSAGE);
    }
  } else if (err instanceof RateLimitedError) {
    if (err.status !== undefined) out.status = err.status;
    const code = safeCode(err.code, secrets);
    if (code !== undefined) out.code = code;
  } else if (err instanceof MalformedResponseError) {
    if (err.status !== undefined) out.status = err.status;
    const code = safeCode(err.code, secrets);
    if (code !== undefined) out.code = code;
  } else if (err instanceof NetworkError || err instanceof TimeoutError) {
    out.outcomeUnknown = err.outcomeUnknown;
  } else if (err instanceof InvalidArgumentError) {
    if (err.field !== undefined) out.field = err.field;
  }
  return out;
}
