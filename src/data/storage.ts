/**
 * The one place that learns a write was refused for want of room (a full
 * disk, the browser's quota for this origin), from however deeply the
 * refusal arrives wrapped, and words it so a user can act on it.
 */
import { t } from '../i18n';

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
// DOMException's legacy code for QUOTA_EXCEEDED_ERR.
const QUOTA_CODE = 22;

function isQuota(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { name, code } = value as { name?: unknown; code?: unknown };
  return (typeof name === 'string' && QUOTA_NAMES.has(name)) || code === QUOTA_CODE;
}

/** The errors wrapped by `err`: Dexie's `inner`, the standard `cause`. */
function wrapped(err: object): unknown[] {
  const { inner, cause } = err as { inner?: unknown; cause?: unknown };
  return [inner, cause].filter((e) => e !== undefined && e !== null);
}

/**
 * `err` and every error it wraps, outermost first, each once: storage failures
 * arrive wrapped (a `QuotaExceededError` inside an `AbortError` inside Dexie's
 * own error), and what matters is usually the innermost.
 */
export function errorChain(err: unknown): object[] {
  const chain: object[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || chain.includes(current)) continue;
    chain.push(current);
    queue.push(...wrapped(current));
  }
  return chain;
}

/**
 * A clear message when `err` is (or wraps, e.g. inside an `AbortError` or
 * Dexie's `inner` error) a quota failure; null for any other error.
 */
export function describeStorageError(err: unknown): string | null {
  return isStorageFull(err) ? t('data.quota') : null;
}

/** Whether `err` is (or wraps) a quota failure: the disk has no room left. */
export function isStorageFull(err: unknown): boolean {
  return errorChain(err).some(isQuota);
}
