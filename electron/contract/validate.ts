/**
 * Pure input rules shared by the renderer (messages next to form fields) and the
 * Node side (the last check before anything is sent). One definition, so the
 * form and the API client can never disagree about what a valid animal is. A
 * refusal is a code per field ({@link NewPetProblem}), never words: only the
 * renderer knows the language staff read.
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

/**
 * Why a field is refused, as a code and never in words: the renderer says it
 * in the language staff chose, the Node side names it in its English log.
 */
export type NewPetProblem =
  'name-required' | 'name-too-long' | 'category-required' | 'category-not-int64' | 'status-unknown';

type NewPetCheck =
  { ok: true; value: NewPet } | { ok: false; errors: Partial<Record<NewPetField, NewPetProblem>> };

/** True for a canonical decimal string of a positive int64 (1 .. 2^63-1). */
export function isPositiveInt64(value: string): value is Int64String {
  return DECIMAL.test(value) && value !== '0' && BigInt(value) <= INT64_MAX;
}

/** True when `value` is one of the statuses the spec defines. */
export function isPetStatus(value: unknown): value is PetStatus {
  return typeof value === 'string' && (PET_STATUSES as readonly string[]).includes(value);
}

/** True for a page size `GET /pets` takes: a whole number within {@link LIST_LIMIT}. */
export function isListLimit(limit: unknown): limit is number {
  return (
    typeof limit === 'number' &&
    Number.isInteger(limit) &&
    limit >= LIST_LIMIT.min &&
    limit <= LIST_LIMIT.max
  );
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
}): NewPetCheck {
  const errors: Partial<Record<NewPetField, NewPetProblem>> = {};

  // A name that is not text is no name at all.
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') errors.name = 'name-required';
  else if (nameLength(name) > NAME_MAX_LENGTH) errors.name = 'name-too-long';

  let categoryId = '';
  if (typeof input.categoryId === 'number' && Number.isSafeInteger(input.categoryId)) {
    categoryId = String(input.categoryId);
  } else if (typeof input.categoryId === 'string') {
    categoryId = input.categoryId.trim();
  }
  if (categoryId === '') errors.categoryId = 'category-required';
  else if (!isPositiveInt64(categoryId)) errors.categoryId = 'category-not-int64';

  const status = input.status === '' || input.status === null ? undefined : input.status;
  if (status !== undefined && !isPetStatus(status)) errors.status = 'status-unknown';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value: NewPet = { name, categoryId };
  if (isPetStatus(status)) value.status = status;
  return { ok: true, value };
}
