/**
 * The `pagination` extension's cursors and `Link` header. A cursor is the
 * base64url form of the last id of a page: opaque to clients, which only ever
 * follow the `rel="next"` link, and exact for ids above 2^53.
 */
import { INT64_MAX } from './ids';

/** Path of `listPets`, the target of every next link. */
export const LIST_PETS_PATH = '/v1/pets';

/** Name of the query parameter carrying a cursor. */
export const CURSOR_PARAMETER = 'cursor';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const POSITIVE_INTEGER = /^[1-9]\d*$/;
/** Length of the encoded largest int64 (19 digits); anything longer is no cursor. */
const MAX_CURSOR_LENGTH = 26;

/** The cursor that continues after the animal with id `lastId`. */
function encodeCursor(lastId: bigint): string {
  return Buffer.from(lastId.toString(), 'utf8').toString('base64url');
}

/**
 * The id a cursor continues after, or null when the text is not a cursor this
 * service issues. Only the canonical encoding is accepted, so every page has
 * exactly one address.
 */
export function decodeCursor(cursor: string): bigint | null {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!POSITIVE_INTEGER.test(text) || encodeCursor(BigInt(text)) !== cursor) return null;
  const id = BigInt(text);
  return id <= INT64_MAX ? id : null;
}

/**
 * The `Link` header value pointing at the page after `lastId` of the same query.
 * A path-absolute reference: RFC 8288 lets a client resolve it against the
 * request URL, and it cannot name another host.
 */
export function nextLink(limit: number, status: string | undefined, lastId: bigint): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (status !== undefined) query.set('status', status);
  query.set(CURSOR_PARAMETER, encodeCursor(lastId));
  return `<${LIST_PETS_PATH}?${query.toString()}>; rel="next"`;
}
