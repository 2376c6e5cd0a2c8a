/**
 * The browser-mode web host hands the page its per-launch token in the URL
 * fragment (`#token=...`), which never reaches a server log. We move it into
 * `sessionStorage` at once and strip it from the address bar, so it is not
 * bookmarked, shared in a screenshot, or left in the history.
 */

/** `sessionStorage` key holding the bridge token for this tab. */
const TOKEN_STORAGE_KEY = 'kennel.bridgeToken';

/** The parts of the browser environment the token handling touches; injectable for tests. */
export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** Reads the token from the fragment when present (and removes it), else from session storage. */
export function takeBridgeToken(env: TokenEnvironment): string | null {
  const fragment = env.location.hash.startsWith('#') ? env.location.hash.slice(1) : '';
  const params = new URLSearchParams(fragment);
  const fromUrl = params.get('token');
  if (fromUrl !== null && fromUrl !== '') {
    safeSet(env.storage, fromUrl);
    params.delete('token');
    const rest = params.toString();
    const cleanUrl = `${env.location.pathname}${env.location.search}${rest === '' ? '' : `#${rest}`}`;
    env.history.replaceState(env.history.state, '', cleanUrl);
    return fromUrl;
  }
  return safeGet(env.storage);
}

// Storage can throw (disabled cookies, sandboxed frame); the token then lives only in memory.
function safeSet(storage: TokenEnvironment['storage'], token: string): void {
  try {
    storage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Kept in memory by the caller.
  }
}

function safeGet(storage: TokenEnvironment['storage']): string | null {
  try {
    const token = storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
    return token === '' ? null : token;
  } catch {
    return null;
  }
}
