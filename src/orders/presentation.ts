/**
 * How the orders listing is shown. The specification names `GET /store/orders`
 * without its shape, so nothing here knows what an order contains: a list of
 * objects becomes a table of whatever keys they have, and anything else is
 * shown as the JSON it is. The words (headings, dates, yes and no, statuses)
 * are those of the language in use when it is called: call it where the
 * language is read reactively, so a change of language rewords the listing.
 */
import { isLosslessNumber } from 'lossless-json';
import { formatDateTime, formatDay } from '../format/clock';
import { t } from '../i18n';
import { compactJson, prettyJson } from './json-text';

/** What one table cell holds; `kind` lets the view style numbers and gaps. */
type OrderCellKind = 'text' | 'number' | 'boolean' | 'null' | 'absent' | 'json' | 'date';

interface OrderCell {
  kind: OrderCellKind;
  text: string;
  /** A date's text as the service sent it, for `<time datetime>`; the cell shows it in local words. */
  datetime?: string;
}

/** How the listing is drawn. */
export type OrdersPresentation =
  | { kind: 'empty' }
  | { kind: 'table'; columns: string[]; headings: string[]; rows: OrderCell[][] }
  | { kind: 'json'; text: string };

/** Shown for `null`, so a null stands apart from a key the order does not have (left blank). */
const NULL_TEXT = '—';

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value)
  );
}

// A day, or a day and a time with or without its zone, as JSON services write dates.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date the service wrote in ISO 8601, in the user's words and time zone; null for other text. */
function dateCell(value: string): OrderCell | null {
  const match = ISO_DATE.exec(value);
  if (match === null) return null;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  // "2030-02-30" would roll over into March rather than fail.
  if (month < 1 || month > 12 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) {
    return null;
  }
  const dayOnly = value.length === 10;
  // A day alone is that day here: parsed, it would be UTC midnight, the day
  // before anywhere west of Greenwich.
  const at = dayOnly ? new Date(year, month - 1, day).getTime() : Date.parse(value);
  if (Number.isNaN(at)) return null;
  return { kind: 'date', text: dayOnly ? formatDay(at) : formatDateTime(at), datetime: value };
}

/**
 * The order statuses the reference service sends (`server/orders.ts`), as pet
 * stores usually name them; any other status is shown as the service sent it.
 */
const ORDER_STATUSES: ReadonlySet<string> = new Set(['placed', 'approved', 'delivered']);

/** A status in the staff's words when it is one Kennel knows. */
function statusCell(value: string): OrderCell {
  return ORDER_STATUSES.has(value)
    ? { kind: 'text', text: t(`orders.status.${value}`) }
    : { kind: 'text', text: value };
}

/**
 * The text of one value in a cell: numbers with their exact digits, dates in
 * local words, a known status in words, nested values as JSON.
 */
function cellOf(value: unknown, isStatus: boolean): OrderCell {
  if (value === null) return { kind: 'null', text: NULL_TEXT };
  if (isLosslessNumber(value)) return { kind: 'number', text: value.value };
  if (typeof value === 'string') {
    if (isStatus) return statusCell(value);
    return dateCell(value) ?? { kind: 'text', text: value };
  }
  if (typeof value === 'boolean') {
    return { kind: 'boolean', text: value ? t('orders.yes') : t('orders.no') };
  }
  return { kind: 'json', text: compactJson(value) };
}

// The keys pet-store orders usually have, worded for staff; any other key is
// turned into words as it is ("createdAt" reads "Created at").
const KNOWN_COLUMNS: Record<string, string> = {
  id: 'id',
  petid: 'petId',
  quantity: 'quantity',
  shipdate: 'shipDate',
  status: 'status',
  complete: 'complete',
};

function knownColumn(key: string): string | undefined {
  return KNOWN_COLUMNS[key.toLowerCase().replace(/[\s_-]/g, '')];
}

/** A column's heading: never the key as code spells it. */
function columnHeading(key: string): string {
  const known = knownColumn(key);
  if (known !== undefined) return t(`orders.column.${known}`);
  const words = key
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/[\s_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? key : words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every key of `orders`, in the order it first appears. */
function columnsOf(orders: PlainObject[]): string[] {
  const seen = new Set<string>();
  for (const order of orders) for (const key of Object.keys(order)) seen.add(key);
  return [...seen];
}

/** Decides how a parsed listing is shown, in the language in use. */
export function presentOrders(value: unknown): OrdersPresentation {
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (value.every(isPlainObject)) {
      const columns = columnsOf(value);
      // Objects without a single key would make a table with no columns.
      if (columns.length > 0) {
        const isStatus = columns.map((column) => knownColumn(column) === 'status');
        const rows = value.map((order) =>
          columns.map((column, c) =>
            Object.hasOwn(order, column)
              ? cellOf(order[column], isStatus[c] === true)
              : { kind: 'absent' as const, text: '' },
          ),
        );
        return { kind: 'table', columns, headings: columns.map(columnHeading), rows };
      }
    }
  }
  return { kind: 'json', text: prettyJson(value) };
}
