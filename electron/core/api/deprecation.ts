import { parseHttpDate } from '../http/headers';

/** The spec's removal date of `GET /pets/{petId}`: 5 December 2030 (UTC). */
const GET_PET_REMOVAL = Date.UTC(2030, 11, 5);

/** What a `getPet` answer said about its own retirement. */
export interface DeprecationInfo {
  deprecated: boolean;
  /** Sunset as epoch ms, when the service sent a readable one. */
  sunsetAt: number | null;
}

/**
 * Reads `Deprecation` (RFC 9745 `@<epoch seconds>`, legacy `true` or an
 * HTTP-date) and `Sunset` (RFC 8594, HTTP-date).
 */
export function readDeprecation(headers: Headers): DeprecationInfo {
  const raw = headers.get('deprecation')?.trim() ?? null;
  const deprecated = raw !== null && raw !== '' && raw.toLowerCase() !== 'false';
  return { deprecated, sunsetAt: parseHttpDate(headers.get('sunset')) };
}

/** The moment from which `getPet` must not be called: the earlier of the removal date and a sunset seen. */
export function getPetCutoff(sunsetSeen: number | null): number {
  return sunsetSeen === null ? GET_PET_REMOVAL : Math.min(GET_PET_REMOVAL, sunsetSeen);
}
