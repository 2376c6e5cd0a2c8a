/**
 * JSON text of the orders listing, read and written with `lossless-json` so
 * every number keeps the digits the service sent: an order id above 2^53 must
 * not come back one off, and `1.50` must not become `1.5`.
 */
import { parse, stringify } from 'lossless-json';

/** The parsed listing, or nothing when the text is not JSON. */
export type ParsedOrders = { ok: true; value: unknown } | { ok: false };

/** Parses `text` keeping every number as a `LosslessNumber`. */
export function parseOrdersJson(text: string): ParsedOrders {
  try {
    return { ok: true, value: parse(text) };
  } catch {
    return { ok: false };
  }
}

/** One line, for a nested value inside a table cell. */
export function compactJson(value: unknown): string {
  return stringify(value) ?? '';
}

/** Indented by two spaces, for a listing that does not fit a table. */
export function prettyJson(value: unknown): string {
  return stringify(value, null, 2) ?? '';
}
