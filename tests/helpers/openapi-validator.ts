/**
 * Checks HTTP answers against `openapi.yaml`: the status is documented, required
 * headers are present and well-formed, and the body matches the documented
 * schema (parsed losslessly, so int64 ids above 2^53 are checked exactly). Any
 * test talking to the reference service (or a recording of the real one) can
 * use it.
 */
import { isLosslessNumber } from 'lossless-json';
import { numberView, parseLossless, validationView } from '../../server/lossless';
import { describeErrors, loadOpenApi } from '../../server/openapi';

/** Header values as a `Headers` object or a plain lower- or mixed-case record. */
export type HeaderSource = Headers | Record<string, string | undefined>;

function headerGetter(headers: HeaderSource): (name: string) => string | null {
  if (headers instanceof Headers) return (name) => headers.get(name);
  const lower = new Map(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return (name) => lower.get(name.toLowerCase()) ?? null;
}

/**
 * Problems of one answer; empty when it conforms.
 *
 * @param method HTTP method, any case.
 * @param pathTemplate Path template as in the document (`/pets/{petId}`); a leading `/v1` is ignored.
 * @param status The answered status.
 * @param headers The answered headers.
 * @param rawBodyText The body exactly as received.
 */
export function validateResponse(
  method: string,
  pathTemplate: string,
  status: number,
  headers: HeaderSource,
  rawBodyText: string,
): string[] {
  const api = loadOpenApi();
  const template = pathTemplate.replace(/^\/v1(?=\/)/, '');
  const where = `${method.toUpperCase()} ${template} ${status}`;
  const operation = api.operation(method, template);
  if (!operation) return [`${method.toUpperCase()} ${template} is not in openapi.yaml`];
  const response = api.response(operation, status);
  if (!response) return [`${where}: status not documented`];

  const problems: string[] = [];
  const get = headerGetter(headers);
  for (const [name, headerOrRef] of Object.entries(response.headers ?? {})) {
    const header = api.header(headerOrRef);
    const value = get(name);
    if (value === null) {
      if (header.required) problems.push(`${where}: header ${name} is missing`);
      continue;
    }
    const schema = (header.schema ?? {}) as { type?: unknown };
    const view = schema.type === 'integer' && /^-?\d+$/.test(value) ? numberView(value) : value;
    const validate = api.compile(header.schema);
    if (!validate(view)) problems.push(`${where}: header ${describeErrors(name, validate.errors)}`);
  }

  const content = response.content ?? {};
  const mediaType = (get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (rawBodyText === '') {
    if (Object.keys(content).length > 0 && !response['x-kennel-optional-body']) {
      problems.push(`${where}: body is empty`);
    }
    return problems;
  }
  const media = content[mediaType];
  if (!media) {
    problems.push(`${where}: content type "${mediaType}" not documented`);
    return problems;
  }
  if (mediaType !== 'application/json') {
    const validate = api.compile(media.schema);
    if (!validate(rawBodyText))
      problems.push(`${where}: ${describeErrors('body', validate.errors)}`);
    return problems;
  }
  let body: unknown;
  try {
    body = parseLossless(rawBodyText);
  } catch (error) {
    problems.push(`${where}: body is not JSON (${(error as Error).message})`);
    return problems;
  }
  const validate = api.compile(media.schema);
  if (!validate(validationView(body))) {
    problems.push(`${where}: ${describeErrors('body', validate.errors)}`);
  }
  // The specification: an Error body's `status` equals the HTTP status.
  if (status >= 400 && typeof body === 'object' && body !== null && 'status' in body) {
    const bodyStatus = (body as { status: unknown }).status;
    if (!isLosslessNumber(bodyStatus) || bodyStatus.value !== String(status)) {
      problems.push(`${where}: body status does not equal the HTTP status`);
    }
  }
  return problems;
}

/** A fetched answer with its body read and its problems against `openapi.yaml`. */
export interface CheckedResponse {
  status: number;
  headers: Headers;
  text: string;
  problems: string[];
}

/** Reads a `fetch` answer and validates it with {@link validateResponse}. */
export async function checkResponse(
  method: string,
  pathTemplate: string,
  response: Response,
): Promise<CheckedResponse> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    problems: validateResponse(method, pathTemplate, response.status, response.headers, text),
  };
}
