import type { Subscription } from 'dexie';
import { onScopeDispose, shallowRef, watch, type ShallowRef, type WatchSource } from 'vue';
import type { KennelDb } from './db';

/** Options of {@link useLiveQuery}. */
export interface LiveQueryOptions<S, T> {
  /**
   * The database to query; null while the data layer is still loading (see
   * `data/layer.ts`), and the query then waits for it.
   */
  db: () => KennelDb | null;
  /** The query's other reactive inputs; it re-subscribes when they change. */
  source?: WatchSource<S>;
  /** The Dexie query, run inside `liveQuery` so it re-runs on every relevant write. */
  query: (db: KennelDb, input: S) => Promise<T>;
  /** The value before the first answer. */
  initial: T;
}

/** What {@link useLiveQuery} returns. */
export interface LiveQueryRefs<T> {
  value: ShallowRef<T>;
  /** The last failure (e.g. the database could not be opened), cleared by the next answer. */
  error: ShallowRef<unknown>;
}

/**
 * Keeps a `shallowRef` in step with a Dexie `liveQuery`. `shallowRef` because
 * answers can be large arrays that Vue must not make deeply reactive. The
 * subscription follows `db` and `source` and ends with the surrounding effect scope.
 */
export function useLiveQuery<S = undefined, T = unknown>(
  options: LiveQueryOptions<S, T>,
): LiveQueryRefs<T> {
  const value = shallowRef<T>(options.initial);
  const error = shallowRef<unknown>(null);
  let subscription: Subscription | null = null;
  const source = options.source ?? (() => undefined as S);

  watch(
    [options.db, source] as const,
    ([db, input]) => {
      subscription?.unsubscribe();
      subscription = null;
      if (db === null) return;
      subscription = db
        .live(() => options.query(db, input as S))
        .subscribe({
          next: (answer) => {
            value.value = answer;
            error.value = null;
          },
          error: (failure: unknown) => {
            error.value = failure;
          },
        });
    },
    { immediate: true },
  );

  onScopeDispose(() => {
    subscription?.unsubscribe();
    subscription = null;
  });

  return { value, error };
}
