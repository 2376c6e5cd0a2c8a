import { parse, stringify } from 'lossless-json';

/**
 * Parses JSON keeping every number as a `LosslessNumber`, so int64 ids above
 * 2^53 survive exactly. Throws a `SyntaxError` on invalid JSON. It reads
 * character by character, far slower than `JSON.parse` and in the main
 * process, so it is only given bodies the transport has bounded
 * (`api/answer-limits.ts`).
 */
export function parseJsonLossless(text: string): unknown {
  return parse(text);
}

/** Serialises a value whose `LosslessNumber`s are written as exact JSON numbers. */
export function stringifyJsonLossless(value: unknown): string {
  const out = stringify(value);
  // stringify answers undefined only for undefined/functions, which we never pass.
  if (out === undefined) throw new TypeError('Value cannot be serialised as JSON.');
  return out;
}
