import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { api, type RateLimitState } from '../api';
import {
  describeDailyBudget,
  describeRateLimit,
  describeRequestsLeft,
  isRateLimitPaused,
} from '../status/rate-limit-text';
import { useProfileStore } from './profile';

const POLL_MS = 1000;

/**
 * The governor's view of the active profile's key. Asking costs no service
 * request (the Node side answers from memory), so it is polled every second,
 * but only while the window is visible.
 */
export const useRateLimitStore = defineStore('rateLimit', () => {
  const profile = useProfileStore();
  const state = shallowRef<RateLimitState | null>(null);
  const now = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | null = null;
  let polling = false;

  const text = computed(() => describeRateLimit(state.value, now.value));
  /** The header's words: requests left and when more come. */
  const summary = computed(() => describeRequestsLeft(state.value, now.value));
  const paused = computed(() => isRateLimitPaused(state.value, now.value));
  const dailyText = computed(() => describeDailyBudget(state.value));

  async function poll(): Promise<void> {
    // One call at a time: a slow answer must not pile up requests.
    if (polling) return;
    polling = true;
    const asked = profile.active;
    try {
      const result = await api.rateLimit(asked);
      if (asked === profile.active && result.ok) state.value = result.value;
    } finally {
      polling = false;
      now.value = Date.now();
    }
  }

  function visible(): boolean {
    return typeof document === 'undefined' || document.visibilityState === 'visible';
  }

  function onVisibility(): void {
    if (visible()) resume();
    else pause();
  }

  function resume(): void {
    if (timer !== null) return;
    void poll();
    timer = setInterval(() => void poll(), POLL_MS);
  }

  function pause(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  /** Starts polling (while visible); call once when the app mounts. */
  function start(): void {
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', onVisibility);
    }
    if (visible()) resume();
  }

  /** Stops polling and listening. */
  function stop(): void {
    pause();
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisibility);
    }
  }

  watch(
    () => profile.active,
    () => {
      // Another profile has its own key and its own limits.
      state.value = null;
      if (timer !== null) void poll();
    },
  );

  return { state, now, text, summary, dailyText, paused, start, stop };
});
