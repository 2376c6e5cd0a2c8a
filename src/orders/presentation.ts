/**
 * How the orders listing is shown. The specification names `GET /store/orders`
 * without its shape, so nothing here knows what an order contains: a list of
 * objects becomes a table of whatever keys they have, and anything else is
 * shown as the JSON it is.
 */
import { isLosslessNumber } from 'lossless-json';
import { t } from '../i18n';
import { compactJson, parseOrdersJson, prettyJson } from './json-text';

/** What one table cell holds; `kind` lets the view style numbers and gaps. */
export type OrderCellKind = 'text' | 'number' | 'boolean' | 'null' | 'absent' | 'json';

export interface OrderCell {
  kind: OrderCellKind;
  text: string;
}

/** How the listing is drawn. */
export type OrdersPresentation =
  | { kind: 'empty' }
  | { kind: 'table'; columns: string[]; rows: OrderCell[][] }
  | { kind: 'json'; text: string };

/** Shown for `null`, so a null stands apart from a key the order does not have (left blank). */
export const NULL_TEXT = '—';

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value)
  );
}

/** The text of one value in a cell: numbers with their exact digits, nested values as JSON. */
export function cellOf(value: unknown): OrderCell {
  if (value === null) return { kind: 'null', text: NULL_TEXT };
  if (isLosslessNumber(value)) return { kind: 'number', text: value.value };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'boolean') {
    return { kind: 'boolean', text: value ? t('orders.yes') : t('orders.no') };
  }
  return { kind: 'json', text: compactJson(value) };
}

/** Every key of `orders`, in the order it first appears. */
function columnsOf(orders: PlainObject[]): string[] {
  const seen = new Set<string>();
  for (const order of orders) for (const key of Object.keys(order)) seen.add(key);
  return [...seen];
}

/** Decides how a parsed listing is shown. */
export function presentOrders(value: unknown): OrdersPresentation {
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (value.every(isPlainObject)) {
      const columns = columnsOf(value);
      // Objects without a single key would make a table with no columns.
      if (columns.length > 0) {
        const rows = value.map((order) =>
          columns.map((column) =>
            Object.hasOwn(order, column)
              ? cellOf(order[column])
              : { kind: 'absent' as const, text: '' },
          ),
        );
        return { kind: 'table', columns, rows };
      }
    }
  }
  return { kind: 'json', text: prettyJson(value) };
}

/** Parses the bridge's JSON text and decides how to show it; null when it is not JSON. */
export function presentOrdersJson(text: string): OrdersPresentation | null {
  const parsed = parseOrdersJson(text);
  return parsed.ok ? presentOrders(parsed.value) : null;
}
