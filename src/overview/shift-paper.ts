/**
 * The paper the shift sheet is laid out for: Letter where it is the usual
 * office paper (the Americas' Letter countries, the Philippines), A4
 * elsewhere. The print dialog can still change it; this only chooses the
 * `@page` the sheet asks for first.
 */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'PR', 'CR', 'PA']);

export type Paper = 'a4' | 'letter';

/** The paper for a BCP 47 `locale` ("en-US" Letter, "es-ES" A4); A4 when it names no region. */
export function paperFor(locale: string): Paper {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region !== undefined && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}
