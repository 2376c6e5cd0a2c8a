/**
 * What a service's error `code` may look like to travel on: a short
 * identifier such as `key_banned` or `invalid_body`. Anything else (free text,
 * markup, something that echoes a request) is not a code and is dropped.
 */
const SAFE_ERROR_CODE = /^[a-z0-9_.-]{1,64}$/;

/** True when `code` is a plain identifier of at most 64 characters (see {@link SAFE_ERROR_CODE}). */
export function isSafeErrorCode(code: string): boolean {
  return SAFE_ERROR_CODE.test(code);
}
