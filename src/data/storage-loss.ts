/**
 * A desk the browser had to empty. Chromium (and so the desktop app) keeps
 * every IndexedDB database of a page in one store; when it finds that store
 * damaged as it opens it (a computer that lost power mid-write), it deletes
 * the whole store and says so once: the first database opened afterwards is
 * created again from nothing with `dataLoss: 'total'`. Every profile's queue,
 * records, photos and history went with it, and without this the screens
 * would say "All sent". The loss is remembered in the page's storage (kept
 * apart from IndexedDB) until staff say they have read it.
 */
import { pageLocalStorage, type PageStorage } from '../browser/page-storage';

const LOST_AT_KEY = 'kennel.storageLostAt';

/** Chromium's word on an open that found the store damaged; other browsers say nothing. */
type OpenEvent = Event & { dataLoss?: unknown };

const listeners = new Set<() => void>();

/** When the browser last emptied this desk (epoch ms), while staff have not read it; else null. */
export function storageLostAt(storage: PageStorage = pageLocalStorage()): number | null {
  const stored = Number(storage?.getItem(LOST_AT_KEY) ?? '');
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Staff have read that the desk was emptied: it is not said again until it happens again. */
export function lossRead(storage: PageStorage = pageLocalStorage()): void {
  storage?.setItem(LOST_AT_KEY, '');
}

/** Calls `listener` when an open in this page finds the desk emptied; returns the unsubscribe. */
export function onStorageLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Listens on an open `request` for the browser saying it emptied the store,
 * and remembers it then (the first time only, until read). Every open of the
 * page goes through here, since the first one after the damage, whichever it
 * is, is the only one told.
 */
export function watchForLoss(
  request: IDBOpenDBRequest,
  storage: PageStorage = pageLocalStorage(),
  now: () => number = Date.now,
): IDBOpenDBRequest {
  request.addEventListener('upgradeneeded', (event: OpenEvent) => {
    if (event.dataLoss !== 'total') return;
    if (storageLostAt(storage) === null) storage?.setItem(LOST_AT_KEY, String(now()));
    listeners.forEach((listener) => listener());
  });
  return request;
}
