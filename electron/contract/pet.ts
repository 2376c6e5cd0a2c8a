/**
 * The animal as it crosses the bridge: what the service returns, what a create
 * sends, and the queries of the list. The rules an animal must pass are in
 * `validate.ts`.
 *
 * Identifiers (`id`, `categoryId`) are int64 on the wire and exceed 2^53 in the
 * wild, so they cross the bridge as canonical decimal strings, never as numbers.
 */

/** The statuses the spec defines. The service may still send others; see {@link Pet.status}. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

/** Page size bounds of `GET /pets`. */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** Canonical decimal string of an int64 (no sign for positives, no leading zeros). */
export type Int64String = string;

/** An animal as the service returned it. */
export interface Pet {
  id: Int64String;
  name: string;
  categoryId: Int64String;
  /** One of {@link PET_STATUSES}, or an unknown value shown as such; absent when the service sent none. */
  status?: string;
}

/** The body of `createPet`. */
export interface NewPet {
  name: string;
  categoryId: Int64String;
  status?: PetStatus;
}

export interface ListPetsQuery {
  limit?: number;
  status?: PetStatus;
}

/**
 * One page of `GET /pets`. The spec shows no pagination beyond `limit`; when a
 * service answers with an RFC 8288 `Link: <…>; rel="next"`, `next` is that
 * link (an absolute URL already checked to stay on the profile's `/pets`).
 */
export interface PetsPage {
  pets: Pet[];
  next: string | null;
  /**
   * Set when the service linked a next page that Kennel will not follow
   * (another address, an unreadable header): the list ends here, unread.
   */
  linkProblem?: string;
}

/** A first page (a query) or the page after one (its `next` link). */
export type PetsPageRequest = { query: ListPetsQuery } | { next: string };

/**
 * `GET /store/orders`, whose shape the spec does not show: the body as JSON
 * text, re-serialised losslessly so integers beyond 2^53 stay exact.
 */
export interface OrdersListing {
  json: string;
}

export interface CreatePetOptions {
  /** Sent as `Idempotency-Key` on every attempt; the outbox creates it once per entry. */
  idempotencyKey: string;
}

export interface GetPetResult {
  pet: Pet;
  /** `getPet` is deprecated by the spec; these come from the response headers when present. */
  deprecation: { deprecated: true; sunset: string | null };
}
