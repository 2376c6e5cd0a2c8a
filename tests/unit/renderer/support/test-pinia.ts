/**
 * One Pinia per test, and an end to every store it made: a store's live
 * queries and timers stop with it, so none of them reads or writes the shared
 * profile databases while the next test runs.
 */
import { createPinia, type StoreGeneric } from 'pinia';
import { createApp } from 'vue';

const made: StoreGeneric[] = [];

/** A new active Pinia that remembers its stores (plugins run once it is installed in an app). */
export function freshPinia(): void {
  const pinia = createPinia();
  pinia.use(({ store }) => {
    made.push(store);
  });
  createApp({}).use(pinia);
}

/** Disposes every store made since {@link freshPinia}, as the app's end would. */
export function disposeStores(): void {
  for (const store of made.splice(0)) store.$dispose();
}
