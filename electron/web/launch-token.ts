import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh per-launch bridge token: 32 random bytes, base64url. */
export function createLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares a presented token with the launch token in constant time. Both are
 * hashed first so the comparison takes the same time whatever the lengths.
 */
export function tokensMatch(expected: string, presented: string | undefined): boolean {
  if (presented === undefined || presented === '') return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(presented, 'utf8').digest();
  return timingSafeEqual(a, b) && expected.length === presented.length;
}
