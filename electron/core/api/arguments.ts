import {
  LIST_LIMIT,
  PET_STATUSES,
  type CreatePetOptions,
  type Int64String,
  type ListPetsQuery,
  type NewPet,
  type PetsPageRequest,
} from '../../contract/pet';
import { type ReadOptions, REQUEST_LANES } from '../../contract/pacing';
import { isListLimit, isPetStatus, isPositiveInt64, validateNewPet } from '../../contract/validate';
import { InvalidArgumentError } from '../errors/invalid-argument-error';

const MAX_IDEMPOTENCY_KEY = 255;
// Visible ASCII only: the value goes into a header as it is.
const HEADER_TOKEN = /^[\x21-\x7e]+$/;

function asRecord(value: unknown, what: string, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentError(`${what} must be an object.`, { field });
  }
  return value as Record<string, unknown>;
}

/** Checks the `GET /pets` query before anything is sent. */
export function checkListQuery(raw: unknown): ListPetsQuery {
  const query = asRecord(raw, 'The list query', 'query');
  const out: ListPetsQuery = {};
  if (query.limit !== undefined) {
    if (!isListLimit(query.limit)) {
      throw new InvalidArgumentError(
        `Page size must be a whole number from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}.`,
        { field: 'limit' },
      );
    }
    out.limit = query.limit;
  }
  if (query.status !== undefined) {
    if (!isPetStatus(query.status)) {
      throw new InvalidArgumentError(`Status must be one of ${PET_STATUSES.join(', ')}.`, {
        field: 'status',
      });
    }
    out.status = query.status;
  }
  return out;
}

const MAX_URL_LENGTH = 4096;

/** Checks a page request: `{ query }` for a first page, `{ next }` for the one a page linked. */
export function checkPageRequest(raw: unknown): PetsPageRequest {
  const request = asRecord(raw, 'The page request', 'request');
  if ('next' in request) {
    const next = request.next;
    if (typeof next !== 'string' || next.length > MAX_URL_LENGTH || !URL.canParse(next)) {
      throw new InvalidArgumentError('The next-page link must be a URL.', { field: 'next' });
    }
    return { next };
  }
  return { query: checkListQuery(request.query) };
}

/** Checks the options of a read; the lane defaults to `user`. */
export function checkReadOptions(raw: unknown): Required<ReadOptions> {
  const options = asRecord(raw, 'The read options', 'options');
  const lane = options.lane ?? 'user';
  if (!(REQUEST_LANES as readonly unknown[]).includes(lane)) {
    throw new InvalidArgumentError(`The lane must be one of ${REQUEST_LANES.join(', ')}.`, {
      field: 'lane',
    });
  }
  return { lane: lane as ReadOptions['lane'] & string };
}

/** Validates and normalises a new animal with the rules the renderer's form uses. */
export function checkNewPet(raw: unknown): NewPet {
  const input = asRecord(raw, 'The animal', 'pet');
  const result = validateNewPet(input);
  if (result.ok) return result.value;
  const fields = Object.keys(result.errors) as Array<keyof typeof result.errors>;
  const first = fields[0];
  // English for the log only: the renderer words its own check's codes.
  const codes = fields.map((field) => result.errors[field]).join(', ');
  throw new InvalidArgumentError(
    `The animal was refused before sending (${codes}).`,
    first === undefined ? {} : { field: first },
  );
}

/** Checks the `Idempotency-Key` the outbox created for an entry. */
export function checkCreateOptions(raw: unknown): CreatePetOptions {
  const options = asRecord(raw, 'The create options', 'idempotencyKey');
  const key = options.idempotencyKey;
  if (typeof key !== 'string' || key === '') {
    throw new InvalidArgumentError('An idempotency key is required to add an animal.', {
      field: 'idempotencyKey',
    });
  }
  if (key.length > MAX_IDEMPOTENCY_KEY || !HEADER_TOKEN.test(key)) {
    throw new InvalidArgumentError(
      `The idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY} visible ASCII characters.`,
      { field: 'idempotencyKey' },
    );
  }
  return { idempotencyKey: key };
}

/** Checks an animal id: a positive int64 as a decimal string (or a safe integer number). */
export function checkPetId(raw: unknown): Int64String {
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || !isPositiveInt64(text)) {
    throw new InvalidArgumentError(
      'The animal id must be a positive whole number (up to 9223372036854775807).',
      { field: 'id' },
    );
  }
  return text;
}
