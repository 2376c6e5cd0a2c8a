import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { api, type ProfileName } from '../api';
import { ordersFailureText, type OrdersFailure } from '../orders/error-text';
import { parseOrdersJson } from '../orders/json-text';
import { presentOrders } from '../orders/presentation';
import { useKeysStore } from './keys';
import { useProfileStore } from './profile';

/** The last listing fetched, as parsed (not worded), and for which profile. */
interface FetchedOrders {
  profile: ProfileName;
  listing: unknown;
  fetchedAt: number;
}

/**
 * The service's orders listing, read straight from the service each time the
 * view asks: nothing is kept on this computer, as Kennel cannot tell what an
 * order is (the spec does not show its shape).
 */
export const useOrdersStore = defineStore('orders', () => {
  const profile = useProfileStore();
  const fetched = shallowRef<FetchedOrders | null>(null);
  const loading = ref(false);
  const failure = shallowRef<OrdersFailure | null>(null);
  /** The sentence for the view; it follows a change of language. */
  const error = computed(() => (failure.value === null ? null : ordersFailureText(failure.value)));
  let requestSeq = 0;

  /**
   * The active profile's listing, worded in the language in use: a change of
   * language rewords it at once, without fetching it again. Another
   * profile's listing is never shown under this one.
   */
  const current = computed(() => {
    const now = fetched.value;
    if (now === null || now.profile !== profile.active) return null;
    return {
      profile: now.profile,
      fetchedAt: now.fetchedAt,
      presentation: presentOrders(now.listing),
    };
  });

  /** Fetches the listing for the active profile. */
  async function load(): Promise<void> {
    const asked = profile.active;
    const seq = ++requestSeq;
    if (fetched.value?.profile !== asked) {
      fetched.value = null;
      failure.value = null;
    }
    loading.value = true;
    const result = await api.listOrders(asked, { lane: 'user' });
    // A later request (a Refresh, a profile switch) answers for what is on screen now.
    if (seq !== requestSeq) return;
    loading.value = false;
    if (!result.ok) {
      failure.value = { kind: 'request', error: result.error };
      if (result.error.kind === 'unauthorized') void useKeysStore().open(asked, 'rejected');
      return;
    }
    const parsed = parseOrdersJson(result.value.json);
    if (!parsed.ok) {
      failure.value = { kind: 'unreadable' };
      return;
    }
    fetched.value = { profile: asked, listing: parsed.value, fetchedAt: Date.now() };
    failure.value = null;
  }

  return { current, loading, error, failure, load };
});
