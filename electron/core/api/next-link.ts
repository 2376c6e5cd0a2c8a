import LinkHeader from 'http-link-header';
import { MalformedResponseError } from '../errors/malformed-response-error';

/**
 * The longest `Link` header read, in characters. A next link to the same list
 * is its path, `limit`, `status` and a cursor: some hundred characters, a few
 * hundred with `first`, `prev` and `last` beside it. The parser trims in time
 * that grows with the square of the length, in the main process: the worst
 * header of this length costs milliseconds, one of 15 KB stalls the app for
 * hundreds of them. A longer header is refused unread, like any other that
 * cannot be read: the page is kept and the list ends there.
 */
const LINK_HEADER_MAX = 4096;

/**
 * The `rel="next"` target of an RFC 8288 `Link` header, resolved against the
 * URL the answer came from; null when there is none. The spec shows no
 * pagination, so this is only ever a bonus a service may offer. A link that
 * leaves the profile's own list (another host, another path) is refused, never
 * followed: the key goes nowhere else.
 */
export function nextPageUrl(
  header: string | null,
  requestUrl: string,
  listUrl: URL,
  status: number,
): string | null {
  if (header === null || header.trim() === '') return null;
  if (header.length > LINK_HEADER_MAX) {
    throw new MalformedResponseError('The service sent a Link header too long to be a page link.', {
      status,
    });
  }
  let refs: ReturnType<LinkHeader['rel']>;
  try {
    refs = LinkHeader.parse(header).rel('next');
  } catch (err) {
    throw new MalformedResponseError('The service sent a Link header that cannot be read.', {
      cause: err,
      status,
    });
  }
  const ref = refs[0];
  if (ref === undefined) return null;
  let next: URL;
  try {
    next = new URL(ref.uri, requestUrl);
  } catch (err) {
    throw new MalformedResponseError('The service sent a next-page link that is not a URL.', {
      cause: err,
      status,
    });
  }
  if (!isSameList(next, listUrl)) {
    throw new MalformedResponseError(
      'The service pointed to its next page at another address; Kennel does not follow it there.',
      { status },
    );
  }
  next.hash = '';
  return next.href;
}

/** True when `url` is the list at `listUrl` (same origin and path), whatever its query. */
export function isSameList(url: URL, listUrl: URL): boolean {
  return (
    url.origin === listUrl.origin &&
    url.pathname === listUrl.pathname &&
    url.username === '' &&
    url.password === ''
  );
}
