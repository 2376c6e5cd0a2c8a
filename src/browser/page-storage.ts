/** What Kennel keeps in the page's `localStorage`: small choices, read before anything else. */
export type PageStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

/** The page's `localStorage`, or null where it is unavailable. */
export function pageLocalStorage(): PageStorage {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
