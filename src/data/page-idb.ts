/** The page's IndexedDB; undefined where the browser has none or throws when it is read (storage forbidden). */
export function pageIndexedDb(): IDBFactory | undefined {
  try {
    return (globalThis as { indexedDB?: IDBFactory | null }).indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}
