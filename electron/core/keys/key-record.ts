/**
 * A stored key and the origin it was entered for. The origin is what ties the
 * key to one host: a profile whose base URL now points elsewhere must not send
 * it there.
 */
export interface StoredKey {
  key: string;
  /** e.g. `https://api.example.org`; null for a key saved before keys were bound to an origin. */
  origin: string | null;
}

/** Serialises a record for a key file (plain or, in Electron, before encryption). */
export function encodeKeyRecord(record: StoredKey & { origin: string }): string {
  return JSON.stringify({ version: 1, origin: record.origin, key: record.key });
}

/**
 * Reads back what {@link encodeKeyRecord} wrote. Anything else is taken as the
 * bare key of an older version, with no origin: it is then not used until the
 * user enters it again for the profile's address.
 */
export function decodeKeyRecord(text: string): StoredKey | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { key: trimmed, origin: null };
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const { key, origin } = parsed as { key?: unknown; origin?: unknown };
    if (typeof key === 'string' && key !== '' && typeof origin === 'string') {
      return { key, origin };
    }
  }
  return { key: trimmed, origin: null };
}
