/**
 * The interface document as the service's (and the tests') source of truth:
 * `openapi.yaml` is loaded once and its schemas compiled with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). Nothing here duplicates a schema by hand.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/** The parts of an OpenAPI document this module reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject | undefined> | undefined>;
  components: {
    schemas: Record<string, unknown>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, HeaderObject>;
  };
}

export interface OperationObject {
  operationId?: string;
  parameters?: Array<ParameterObject | RefObject>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> };
  responses: Record<string, ResponseObject | RefObject | undefined>;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

export interface HeaderObject {
  required?: boolean;
  schema?: unknown;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject | RefObject>;
  content?: Record<string, { schema?: unknown }>;
  'x-kennel-optional-body'?: boolean;
}

export interface RefObject {
  $ref: string;
}

const DOCUMENT_ID = 'urn:kennel:openapi';
const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

/** The repository's `openapi.yaml`. */
const OPENAPI_URL = new URL('../openapi.yaml', import.meta.url);

// ajv-formats is CommonJS; under ESM its default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

function isRef(value: unknown): value is RefObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** Rewrites `#/components/schemas/X` references to the compiled definitions. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENT_SCHEMA_PREFIX)) {
      copy[key] = `${DOCUMENT_ID}#/$defs/${item.slice(COMPONENT_SCHEMA_PREFIX.length)}`;
    } else {
      copy[key] = rewriteRefs(item);
    }
  }
  return copy;
}

/** A loaded interface document with compiled validators. */
export class OpenApi {
  readonly document: OpenApiDocument;
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<unknown, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.document = document;
    this.#ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(this.#ajv);
    // OpenAPI annotations Ajv does not know; they carry no validation.
    for (const keyword of ['example', 'x-kennel-gap', 'x-kennel-sunset']) {
      this.#ajv.addKeyword({ keyword, schemaType: ['string', 'array', 'object', 'boolean'] });
    }
    this.#ajv.addSchema({ $id: DOCUMENT_ID, $defs: rewriteRefs(document.components.schemas) });
  }

  /** Validator for a named component schema (`Pet`, `NewPet`, `Error`, ...). */
  schema(name: string): ValidateFunction {
    return this.compile({ $ref: `${COMPONENT_SCHEMA_PREFIX}${name}` });
  }

  /** Validator for a schema found in the document (compiled once per object). */
  compile(schema: unknown): ValidateFunction {
    const cached = this.#compiled.get(schema);
    if (cached) return cached;
    const compiled = this.#ajv.compile(rewriteRefs(schema ?? {}) as object);
    this.#compiled.set(schema, compiled);
    return compiled;
  }

  /** The operation at a path template and method, or null. */
  operation(method: string, pathTemplate: string): OperationObject | null {
    return this.document.paths[pathTemplate]?.[method.toLowerCase()] ?? null;
  }

  /** The parameters of an operation with `$ref`s resolved. */
  parameters(operation: OperationObject): ParameterObject[] {
    return (operation.parameters ?? []).map((parameter) =>
      isRef(parameter) ? this.#component<ParameterObject>(parameter.$ref) : parameter,
    );
  }

  /** A response object with `$ref`s resolved, matched by exact status, `4XX`-style range or `default`. */
  response(operation: OperationObject, status: number): ResponseObject | null {
    const found =
      operation.responses[String(status)] ??
      operation.responses[`${String(status).charAt(0)}XX`] ??
      operation.responses['default'];
    if (!found) return null;
    return isRef(found) ? this.#component<ResponseObject>(found.$ref) : found;
  }

  /** A header object with `$ref`s resolved. */
  header(header: HeaderObject | RefObject): HeaderObject {
    return isRef(header) ? this.#component<HeaderObject>(header.$ref) : header;
  }

  #component<T>(ref: string): T {
    const match = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref);
    const group = match?.[1] as keyof OpenApiDocument['components'] | undefined;
    const found = group && match?.[2] ? this.document.components[group]?.[match[2]] : undefined;
    if (found === undefined) throw new Error(`openapi.yaml: unresolved reference ${ref}`);
    return found as T;
  }
}

let loaded: OpenApi | null = null;

/** The repository's `openapi.yaml`, loaded and compiled once per process. */
export function loadOpenApi(): OpenApi {
  loaded ??= new OpenApi(parseYaml(readFileSync(OPENAPI_URL, 'utf8')) as OpenApiDocument);
  return loaded;
}

/** One-line, user-readable summary of Ajv errors for a value named `subject`. */
export function describeErrors(subject: string, errors: ErrorObject[] | null | undefined): string {
  const messages = (errors ?? []).map((error) => describeError(subject, error));
  return [...new Set(messages)].join('; ') || `${subject} is invalid`;
}

function describeError(subject: string, error: ErrorObject): string {
  const pointer = error.instancePath.split('/').slice(1).join('.');
  const field = pointer ? pointer : subject;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${String(params['missingProperty'])} is required`;
    case 'additionalProperties': {
      const name = String(params['additionalProperty']);
      return name === 'id'
        ? 'id is assigned by the service and must not be sent'
        : `unknown field "${name}"`;
    }
    case 'type':
      if (params['type'] === 'integer') return `${field} must be an integer within the int64 range`;
      if (params['type'] === 'object') return `${field} must be a JSON object`;
      return `${field} must be of type ${String(params['type'])}`;
    case 'enum':
      return `${field} must be one of ${(params['allowedValues'] as unknown[]).join(', ')}`;
    case 'minimum':
    case 'maximum':
      return `${field} must be ${String(params['comparison'])} ${String(params['limit'])}`;
    case 'minLength':
    case 'pattern':
      return `${field} must not be blank`;
    case 'format':
      return `${field} must be a valid ${String(params['format'])}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}
