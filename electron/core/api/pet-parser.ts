import { isLosslessNumber } from 'lossless-json';
import type { Pet } from '../../contract/pet';
import { MalformedResponseError } from '../errors/malformed-response-error';

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function malformed(what: string, status: number): MalformedResponseError {
  return new MalformedResponseError(`The service sent an unexpected answer: ${what}.`, { status });
}

/**
 * Reads an int64 from a losslessly parsed JSON number and returns its canonical
 * decimal string; null when the value is not an int64 JSON integer.
 */
function int64FromJson(value: unknown): string | null {
  if (!isLosslessNumber(value)) return null;
  const text = value.toString();
  if (!INTEGER.test(text)) return null;
  const big = BigInt(text);
  return big >= INT64_MIN && big <= INT64_MAX ? big.toString() : null;
}

/**
 * Validates one animal from a losslessly parsed body. Extra fields are dropped;
 * an unknown `status` is kept as the string it is; a `null` status means none.
 */
export function parsePet(value: unknown, status: number, where = 'the animal'): Pet {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed(`${where} is not an object`, status);
  }
  const record = value as Record<string, unknown>;
  const id = int64FromJson(record.id);
  if (id === null) throw malformed(`${where} has no valid int64 "id"`, status);
  if (typeof record.name !== 'string') throw malformed(`${where} has no text "name"`, status);
  const categoryId = int64FromJson(record.categoryId);
  if (categoryId === null) throw malformed(`${where} has no valid int64 "categoryId"`, status);
  const pet: Pet = { id, name: record.name, categoryId };
  if (typeof record.status === 'string') pet.status = record.status;
  else if (record.status !== undefined && record.status !== null) {
    throw malformed(`${where} has a "status" that is not text`, status);
  }
  return pet;
}

/** Validates a `Pets` array. One malformed item makes the whole page malformed. */
export function parsePets(value: unknown, status: number): Pet[] {
  if (!Array.isArray(value)) throw malformed('the list of animals is not an array', status);
  return value.map((item, index) => parsePet(item, status, `animal #${index + 1}`));
}
