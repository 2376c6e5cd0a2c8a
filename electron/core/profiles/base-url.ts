import { InvalidArgumentError } from '../errors/invalid-argument-error';

const VERSION_SEGMENT = '/v1';

/** True for loopback hosts: `localhost`, 127.0.0.0/8 and `::1` (as URL hostnames). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const parts = host.split('.');
  return (
    parts.length === 4 &&
    parts[0] === '127' &&
    parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
  );
}

function invalid(message: string): InvalidArgumentError {
  return new InvalidArgumentError(message, { field: 'baseUrl' });
}

/**
 * Checks a base URL and returns it in the canonical form the spec describes
 * (ending in `/v1`, no trailing slash). Non-loopback hosts must use `https:`;
 * credentials, query strings and fragments are refused so nothing secret or
 * surprising rides along with every request.
 */
export function normaliseBaseUrl(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('The base URL is not a valid absolute URL (e.g. https://api.example.org/v1).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('The base URL must start with https:// (or http:// for this computer).');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid('The base URL must use https:// unless it points at this computer.');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('The base URL must not contain a user name or password.');
  }
  if (url.search !== '' || text.includes('?')) {
    throw invalid('The base URL must not contain a query string.');
  }
  if (url.hash !== '' || text.includes('#'))
    throw invalid('The base URL must not contain a fragment.');

  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(VERSION_SEGMENT)) path += VERSION_SEGMENT;
  return `${url.origin}${path}`;
}
