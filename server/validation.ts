/**
 * Request validation against `openapi.yaml`: parameters (path, query, header)
 * and the `NewPet` body. Values are coerced from their text the way the
 * document types them, int64 without loss, then checked by the compiled schemas.
 */
import { numberView, int64Of, parseLossless, stringifyLossless, validationView } from './lossless';
import { describeErrors, type OpenApi, type OperationObject } from './openapi';
import type { PetDraft } from './store';
import { isLosslessNumber } from 'lossless-json';

/** A validation failure, ready for an `Error` body. */
export interface Invalid {
  ok: false;
  code: string;
  message: string;
}

const INTEGER_TEXT = /^-?\d+$/;

/** Raw parameter sources of a request. Header names are lower-case. */
export interface ParameterSources {
  path?: Record<string, string | undefined>;
  query?: Record<string, string | string[] | undefined>;
  header?: Record<string, string | string[] | undefined>;
}

/** Reads and checks every parameter of an operation; integers come back as bigint. */
export function readParameters(
  api: OpenApi,
  operation: OperationObject,
  sources: ParameterSources,
): { ok: true; values: Record<string, unknown> } | Invalid {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const parameter of api.parameters(operation)) {
    if (parameter.in === 'cookie') continue;
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    const raw = sources[parameter.in]?.[name];
    const schema = (parameter.schema ?? {}) as { type?: unknown; default?: unknown };
    if (raw === undefined) {
      if (parameter.required) problems.push(`${parameter.name} is required`);
      else if (schema.default !== undefined) values[parameter.name] = schema.default;
      continue;
    }
    const integer = schema.type === 'integer' && typeof raw === 'string' && INTEGER_TEXT.test(raw);
    const validate = api.compile(parameter.schema);
    if (!validate(integer ? numberView(raw) : raw)) {
      problems.push(describeErrors(parameter.name, validate.errors));
      continue;
    }
    values[parameter.name] = integer ? BigInt(raw) : raw;
  }
  if (problems.length > 0) {
    return { ok: false, code: 'invalid_parameter', message: problems.join('; ') };
  }
  return { ok: true, values };
}

/** A valid `NewPet`, with the canonical form of the body for idempotency fingerprints. */
export interface ValidNewPet {
  ok: true;
  draft: PetDraft;
  canonical: string;
}

/** Checks the content type, parses the body losslessly and validates it as `NewPet`. */
export function readNewPet(
  api: OpenApi,
  contentType: string | undefined,
  body: unknown,
): ValidNewPet | Invalid {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return {
      ok: false,
      code: 'unsupported_content_type',
      message: `The body must be application/json${contentType ? `, not ${mediaType}` : ''}.`,
    };
  }
  const text = typeof body === 'string' ? body : '';
  if (text.trim() === '') {
    return { ok: false, code: 'invalid_body', message: 'A JSON body is required.' };
  }
  let parsed: unknown;
  try {
    parsed = parseLossless(text);
  } catch (error) {
    return {
      ok: false,
      code: 'malformed_json',
      message: `The body is not valid JSON: ${(error as Error).message}`,
    };
  }
  const validate = api.schema('NewPet');
  if (!validate(validationView(parsed))) {
    return { ok: false, code: 'invalid_body', message: describeErrors('body', validate.errors) };
  }
  const fields = parsed as { name: string; categoryId: unknown; status?: string };
  const categoryId = isLosslessNumber(fields.categoryId) ? int64Of(fields.categoryId) : null;
  if (categoryId === null) {
    // Unreachable when the schema holds; kept so a schema edit cannot store a bad id.
    return { ok: false, code: 'invalid_body', message: 'categoryId must be an int64 integer' };
  }
  const draft: PetDraft = { name: fields.name, categoryId };
  if (fields.status !== undefined) draft.status = fields.status;
  const canonical = stringifyLossless({
    categoryId,
    name: draft.name,
    status: draft.status ?? null,
  });
  return { ok: true, draft, canonical };
}
