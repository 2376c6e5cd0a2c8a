import LinkHeader from 'http-link-header';
import { isLosslessNumber, parse } from 'lossless-json';

/** An animal as the service's JSON carries it, ids kept as text. */
export interface DirectPet {
  id: string;
  name: string;
}

/**
 * Creates an animal straight on the service, behind the app's back, so the app
 * cannot have it cached and must ask the service for it.
 */
export async function createPetDirectly(
  baseUrl: string,
  key: string,
  pet: { name: string; categoryId: number; status?: string },
): Promise<DirectPet> {
  const response = await fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(pet),
  });
  const text = await response.text();
  if (response.status !== 201) {
    throw new Error(`Creating ${pet.name} on the service answered ${response.status}: ${text}`);
  }
  // The id may exceed 2^53: read it from the text, not through JSON.parse.
  const id = /"id"\s*:\s*"?(\d+)/.exec(text)?.[1];
  if (!id) throw new Error(`The service's answer has no id: ${text}`);
  return { id, name: pet.name };
}

/** An animal as a list of the service returned it, ids kept as text. */
export interface ListedPet {
  id: string;
  name: string;
  categoryId: string;
  /** Absent on the wire: null. */
  status: string | null;
}

/** One list of the service as read straight over HTTP. */
export interface DirectList {
  pets: ListedPet[];
  /** How many pages were read (one unless the service linked to more and they were followed). */
  pages: number;
  /** The last page read carried a `Link: <…>; rel="next"`. */
  hasNext: boolean;
}

/** A JSON value of the service's lossless text: numbers as their digits, strings as they are. */
function textOf(value: unknown, field: string): string {
  if (isLosslessNumber(value)) return value.value;
  if (typeof value === 'string') return value;
  throw new Error(`The service's animal has a ${field} that is neither a number nor a string.`);
}

function listedPet(value: unknown): ListedPet {
  if (typeof value !== 'object' || value === null) {
    throw new Error('The service listed something that is not an animal.');
  }
  const pet = value as Record<string, unknown>;
  if (typeof pet.name !== 'string') throw new Error('The service listed an animal without a name.');
  return {
    id: textOf(pet.id, 'id'),
    name: pet.name,
    categoryId: textOf(pet.categoryId, 'categoryId'),
    status: typeof pet.status === 'string' ? pet.status : null,
  };
}

/**
 * Reads `GET /pets` straight from the service, behind the app's back, the way
 * a test computes what the app should show. With `followLinks` it follows every
 * RFC 8288 `rel="next"` (resolved against the page's URL) to the list's end;
 * without it, only the first page is read, as a client that ignores links would.
 * Use a key other than the app's, so these reads do not spend the app's window.
 */
export async function listPetsDirectly(
  baseUrl: string,
  key: string,
  query: { limit?: number; status?: string },
  options: { followLinks?: boolean } = {},
): Promise<DirectList> {
  const first = new URL(`${baseUrl}/pets`);
  if (query.limit !== undefined) first.searchParams.set('limit', String(query.limit));
  if (query.status !== undefined) first.searchParams.set('status', query.status);
  const pets: ListedPet[] = [];
  let url: string | null = first.href;
  let pages = 0;
  let hasNext = false;
  while (url !== null) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`Listing ${url} on the service answered ${response.status}: ${text}`);
    }
    const body = parse(text);
    if (!Array.isArray(body)) throw new Error(`Listing ${url} did not answer a list: ${text}`);
    pets.push(...body.map(listedPet));
    pages += 1;
    const link = response.headers.get('link');
    const next = link === null ? undefined : LinkHeader.parse(link).rel('next')[0];
    hasNext = next !== undefined;
    url = next !== undefined && options.followLinks === true ? new URL(next.uri, url).href : null;
    if (pages > 10_000) throw new Error(`Listing ${first.href} does not end.`);
  }
  return { pets, pages, hasNext };
}
