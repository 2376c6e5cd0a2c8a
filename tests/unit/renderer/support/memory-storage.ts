import type { PageStorage } from '../../../../src/browser/page-storage';

/** The page's storage, in memory, with its items open to the test. */
export function memoryStorage(): NonNullable<PageStorage> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}
