import { computed, shallowRef, watch, type ComputedRef } from 'vue';
import { useProfileStore } from './profile';

/** What an action said, and the way each next action replaces it. */
export interface ProfileNote<T> {
  /** What the last action said; `empty` when nothing is said. */
  readonly said: ComputedRef<T>;
  /**
   * Starts an action on the note's thing: what the last one said goes at
   * once, and the returned function says this one's outcome, unless the
   * profile changed meanwhile (then the outcome belongs to nobody here).
   */
  begin(): (outcome: T) => void;
  /** Says `outcome` of an action that is already over. */
  say(outcome: T): void;
  /** Takes the note away (the next action has begun, or the thing is gone). */
  clear(): void;
}

/**
 * A message about what the last action on one thing did (an export, an
 * import, the Waiting list), belonging to the moment and the profile it was
 * said in: the next action replaces it, and a profile switch takes it away for
 * good, so switching back does not bring it back. Call it inside a store's or
 * a component's setup, whose scope ends the watch.
 */
export function useProfileNote<T>(empty: T): ProfileNote<T> {
  const profile = useProfileStore();
  const value = shallowRef<T>(empty);
  // Counted, not compared by name: a switch away and back still ends an action's say.
  let switches = 0;
  watch(
    () => profile.active,
    () => {
      switches += 1;
      value.value = empty;
    },
    { flush: 'sync' },
  );

  function begin(): (outcome: T) => void {
    value.value = empty;
    const asked = switches;
    return (outcome) => {
      if (asked === switches) value.value = outcome;
    };
  }

  return {
    said: computed(() => value.value),
    begin,
    say: (outcome) => begin()(outcome),
    clear: () => {
      value.value = empty;
    },
  };
}
