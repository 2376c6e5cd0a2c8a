import { describe, expect, it } from 'vitest';
import { takeBridgeToken, type TokenEnvironment } from '../../../../src/bridge/token';

// Where the page keeps its token: a stored format, so written out here.
const TOKEN_STORAGE_KEY = 'kennel.bridgeToken';

/** A minimal page: a location, a history that records replacements, and a session storage. */
function page(hash: string, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const replaced: string[] = [];
  const env: TokenEnvironment = {
    location: { hash, pathname: '/', search: '?view=list' },
    history: {
      state: { from: 'test' },
      replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => {
        replaced.push(String(url));
      },
    },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
  };
  return { env, storage, replaced };
}

describe('takeBridgeToken', () => {
  it('takes the token from the fragment, keeps it in session storage and strips it from the URL', () => {
    const p = page('#token=abc123');
    expect(takeBridgeToken(p.env)).toBe('abc123');
    expect(p.storage.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(p.replaced).toEqual(['/?view=list']);
  });

  it('keeps other fragment parameters when removing the token', () => {
    const p = page('#token=abc123&panel=sync');
    expect(takeBridgeToken(p.env)).toBe('abc123');
    expect(p.replaced).toEqual(['/?view=list#panel=sync']);
    expect(p.replaced[0]).not.toContain('abc123');
  });

  it('falls back to the token kept in session storage after a reload', () => {
    const p = page('', { [TOKEN_STORAGE_KEY]: 'kept' });
    expect(takeBridgeToken(p.env)).toBe('kept');
    expect(p.replaced).toEqual([]);
  });

  it('prefers a fresh token in the URL over an old one in storage', () => {
    const p = page('#token=fresh', { [TOKEN_STORAGE_KEY]: 'old' });
    expect(takeBridgeToken(p.env)).toBe('fresh');
    expect(p.storage.get(TOKEN_STORAGE_KEY)).toBe('fresh');
  });

  it('answers null when there is no token anywhere', () => {
    const p = page('#panel=sync');
    expect(takeBridgeToken(p.env)).toBeNull();
    expect(p.replaced).toEqual([]);
  });

  it('still returns the token when session storage refuses writes', () => {
    const p = page('#token=abc123');
    const env: TokenEnvironment = {
      ...p.env,
      storage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
    };
    expect(takeBridgeToken(env)).toBe('abc123');
    expect(p.replaced).toEqual(['/?view=list']);
  });
});
