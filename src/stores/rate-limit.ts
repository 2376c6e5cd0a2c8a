import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { api, onRateLimit, type RateLimitState } from '../api';
import {
  describeDailyBudget,
  describeRateLimit,
  describeRequestsLeft,
  isRateLimitPaused,
} from '../status/rate-limit-text';
import { useProfileStore } from './profile';

/** How often the words that count down ("resets in 12 s") are worked out again. */
const CLOCK_MS = 1000;

/**
 * The governor's view of the active profile's key. It arrives with the Node
 * side's answers (this window's and, through `bridge/rate-feed.ts`, the other
 * windows'), so it changes when the governor learns something and is never
 * asked for on a timer; it is asked for once when the app starts and when the
 * profile changes. Only the clock the countdowns are worded against ticks,
 * and only while the window is visible.
 */
export const useRateLimitStore = defineStore('rateLimit', () => {
  const profile = useProfileStore();
  const state = shallowRef<RateLimitState | null>(null);
  const now = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: (() => void) | null = null;

  const text = computed(() => describeRateLimit(state.value, now.value));
  /** The header's words: requests left and when more come. */
  const summary = computed(() => describeRequestsLeft(state.value, now.value));
  const paused = computed(() => isRateLimitPaused(state.value, now.value));
  const dailyText = computed(() => describeDailyBudget(state.value));

  /** Asks once, for a profile no answer has spoken of yet; the answer comes through the feed. */
  function askOnce(): void {
    void api.rateLimit(profile.active);
  }

  function visible(): boolean {
    return typeof document === 'undefined' || document.visibilityState === 'visible';
  }

  function onVisibility(): void {
    if (visible()) tick();
    else stopClock();
  }

  function tick(): void {
    now.value = Date.now();
    timer ??= setInterval(() => {
      now.value = Date.now();
    }, CLOCK_MS);
  }

  function stopClock(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  /** Starts following the governor's view; call once when the app mounts. */
  function start(): void {
    unsubscribe ??= onRateLimit((update) => {
      if (update.profile !== profile.active) return;
      state.value = update.state;
      now.value = Date.now();
    });
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', onVisibility);
    }
    if (visible()) tick();
    askOnce();
  }

  /** Stops following and the clock. */
  function stop(): void {
    stopClock();
    unsubscribe?.();
    unsubscribe = null;
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onVisibility);
    }
  }

  watch(
    () => profile.active,
    () => {
      // Another profile has its own key and its own limits.
      state.value = null;
      if (unsubscribe !== null) askOnce();
    },
  );

  return { state, now, text, summary, dailyText, paused, start, stop };
});
