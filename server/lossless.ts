/**
 * int64-safe JSON. Request and response bodies are parsed with lossless-json so
 * integers above 2^53 keep every digit; ids are carried as bigint and written
 * back as exact JSON integers.
 */
import { isLosslessNumber, parse, stringify, type LosslessNumber } from 'lossless-json';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_LITERAL = /^-?\d+$/;

/** Parses JSON keeping numbers as `LosslessNumber`. Throws `SyntaxError` on bad JSON. */
export function parseLossless(text: string): unknown {
  return parse(text);
}

/** Writes JSON with bigint values as exact integers. */
export function stringifyLossless(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('Value cannot be written as JSON.');
  return text;
}

/**
 * The integer a JSON number denotes, if it is one within int64; otherwise null.
 * `1.0` and `1e3` count (JSON Schema calls them integers) when exactly representable.
 */
export function int64Of(value: LosslessNumber | string): bigint | null {
  const text = typeof value === 'string' ? value : value.value;
  let result: bigint;
  if (INTEGER_LITERAL.test(text)) {
    result = BigInt(text);
  } else {
    const number = Number(text);
    if (!Number.isSafeInteger(number)) return null;
    result = BigInt(number);
  }
  return result >= INT64_MIN && result <= INT64_MAX ? result : null;
}

/**
 * A copy fit for JSON Schema validation: numbers become JS numbers, except that
 * integers outside int64 become non-finite (Ajv's strict numbers reject them) so
 * rounding can never make an out-of-range id look valid.
 */
export function validationView(value: unknown): unknown {
  if (isLosslessNumber(value)) return numberView(value.value);
  if (Array.isArray(value)) return value.map(validationView);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, key, {
        value: validationView(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}

/** The validation view of one number's text (also used for path and query values). */
export function numberView(text: string): number {
  if (INTEGER_LITERAL.test(text)) {
    const big = BigInt(text);
    if (big < INT64_MIN || big > INT64_MAX) return big < 0n ? -Infinity : Infinity;
  }
  return Number(text);
}
