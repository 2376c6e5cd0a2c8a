/**
 * Dexie and the profiles' databases (`db.ts`) are a chunk of their own, fetched
 * once the list's first rows are on screen: the first page is read straight
 * from IndexedDB (`first-page.ts`), so the start-up fetches, parses and runs
 * none of Dexie's code. Anything that writes, or needs a live query, waits for
 * this module to load the chunk; the first caller starts it.
 */
import { shallowRef, type ShallowRef } from 'vue';
import type { ProfileName } from '../../electron/contract/profiles';
import type { KennelDb } from './db';

/** What the rest of the app takes from `db.ts`'s chunk. */
type DbModule = Pick<typeof import('./db'), 'openProfileDb'>;

const loadedModule = shallowRef<DbModule | null>(null);
let loading: Promise<DbModule> | null = null;

/** `db.ts` once its chunk has arrived; null before. Reactive. */
export const dbModule: Readonly<ShallowRef<DbModule | null>> = loadedModule;

/**
 * Fetches the data layer's chunk (once). A failed fetch is not remembered, so
 * the next caller tries again instead of the app being left without its data.
 */
export function loadDbModule(): Promise<DbModule> {
  // Destructured, so the dead-code check (knip) sees what the chunk is used for.
  loading ??= import('./db').then(
    ({ openProfileDb }) => {
      const module = { openProfileDb };
      loadedModule.value = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The database of `profile`, loading the data layer first if need be. */
export async function profileDb(profile: ProfileName): Promise<KennelDb> {
  return (await loadDbModule()).openProfileDb(profile);
}
