/**
 * Pure input rules shared by the renderer (messages next to form fields) and the
 * Node side (the last check before anything is sent). One definition, so the
 * form and the API client can never disagree about what a valid animal is.
 */
import { LIST_LIMIT, PET_STATUSES, type Int64String, type NewPet, type PetStatus } from './pet';

/** The largest category id (and animal id) the service can hold: int64. */
export const INT64_MAX = 9223372036854775807n;
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * The longest name Kennel sends, in characters. The spec shows no maximum, but
 * a name this long is a paste gone wrong, and the service can never change or
 * delete an animal, so it is refused here rather than sent for good.
 */
export const NAME_MAX_LENGTH = 1000;

/** A name's length as staff count it: characters, not UTF-16 units (an emoji is one). */
export function nameLength(name: string): number {
  let length = 0;
  for (const _ of name) length++;
  return length;
}

/** The fields a {@link NewPet} can be wrong in. */
export type NewPetField = 'name' | 'categoryId' | 'status';

export type Validation<T, F extends string> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

/** True for a canonical decimal string of a positive int64 (1 .. 2^63-1). */
export function isPositiveInt64(value: string): value is Int64String {
  return DECIMAL.test(value) && value !== '0' && BigInt(value) <= INT64_MAX;
}

/** True when `value` is one of the statuses the spec defines. */
export function isPetStatus(value: unknown): value is PetStatus {
  return typeof value === 'string' && (PET_STATUSES as readonly string[]).includes(value);
}

/** Checks a `limit` for `GET /pets`; returns a message or null. */
export function limitProblem(limit: unknown): string | null {
  if (typeof limit !== 'number' || !Number.isInteger(limit))
    return 'Page size must be a whole number.';
  if (limit < LIST_LIMIT.min || limit > LIST_LIMIT.max) {
    return `Page size must be between ${LIST_LIMIT.min} and ${LIST_LIMIT.max}.`;
  }
  return null;
}

/**
 * Validates and normalises what a user typed (or what arrived over the bridge)
 * into a {@link NewPet}: the name is trimmed, the category id canonicalised
 * (leading/trailing spaces dropped), an empty status means "not sent".
 */
export function validateNewPet(input: {
  name?: unknown;
  categoryId?: unknown;
  status?: unknown;
}): Validation<NewPet, NewPetField> {
  const errors: Partial<Record<NewPetField, string>> = {};

  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (typeof input.name !== 'string' && input.name !== undefined)
    errors.name = 'Name must be text.';
  else if (name === '') errors.name = 'Name is required.';
  else if (nameLength(name) > NAME_MAX_LENGTH) {
    errors.name = `Name must be at most ${NAME_MAX_LENGTH} characters.`;
  }

  let categoryId = '';
  if (typeof input.categoryId === 'number' && Number.isSafeInteger(input.categoryId)) {
    categoryId = String(input.categoryId);
  } else if (typeof input.categoryId === 'string') {
    categoryId = input.categoryId.trim();
  }
  if (categoryId === '') errors.categoryId = 'Category ID is required.';
  else if (!isPositiveInt64(categoryId)) {
    errors.categoryId = 'Category ID must be a positive whole number (up to 9223372036854775807).';
  }

  const status = input.status === '' || input.status === null ? undefined : input.status;
  if (status !== undefined && !isPetStatus(status)) {
    errors.status = `Status must be one of ${PET_STATUSES.join(', ')}.`;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value: NewPet = { name, categoryId };
  if (isPetStatus(status)) value.status = status;
  return { ok: true, value };
}
