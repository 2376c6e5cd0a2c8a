import { parseOrdersJson } from '../../../../src/orders/json-text';
import { presentOrders, type OrdersPresentation } from '../../../../src/orders/presentation';

/**
 * The bridge's JSON text as the orders store shows it (parsed, then worded in
 * the language in use); null when it is not JSON.
 */
export function presentOrdersJson(text: string): OrdersPresentation | null {
  const parsed = parseOrdersJson(text);
  return parsed.ok ? presentOrders(parsed.value) : null;
}
