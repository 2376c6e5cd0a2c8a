import LinkHeader from 'http-link-header';
import { MalformedResponseError } from '../errors/malformed-response-error';

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
