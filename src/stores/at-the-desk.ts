import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { api } from '../api';
import { pageLocalStorage } from '../browser/page-storage';
import { setAtTheDesk } from '../data/history-desk';
import { deskName, givenDeskName, saveDeskName, validDeskName } from '../desk-file/desk-identity';
import { answerShift, noteUse, shiftState, validInitials } from '../history/shift';

/**
 * Who is at this desk: its name (Settings, This desk; the computer's name
 * until staff give one) and the initials of whoever works the shift
 * (`history/shift.ts`). Whatever is current is handed to `setAtTheDesk`, so
 * every history row written from then on carries both.
 */
export const useAtTheDeskStore = defineStore('at-the-desk', () => {
  const storage = pageLocalStorage();
  const computerName = ref('');
  const given = ref<string | null>(givenDeskName(storage));
  const initials = ref(shiftState(storage).initials);
  /** The initials question is due (a shift started and it was not answered). */
  const asking = ref(false);

  // Depends on the language too: "a desk without a name" follows it.
  const name = computed(() => given.value ?? deskName(null, computerName.value));

  void api.appInfo().then((info) => {
    if (info.ok) computerName.value = info.value.computerName;
  });

  watch(
    [name, initials],
    ([desk, who]) => setAtTheDesk(who === '' ? { desk } : { desk, initials: who }),
    { immediate: true },
  );

  /** Kennel was opened (`opening`) or used at `now`: a new shift asks again. */
  function noteUsed(now: number, opening: boolean): void {
    const state = noteUse(storage, now, opening);
    initials.value = state.initials;
    asking.value = state.ask;
  }

  /** Names the desk; false (nothing changed) when `typed` is no valid name. */
  function rename(typed: string): boolean {
    const valid = validDeskName(typed);
    if (valid === null) return false;
    saveDeskName(storage, valid);
    given.value = valid;
    return true;
  }

  /** Who is at the desk ('' for nobody named); false when `typed` is no valid initials. */
  function giveInitials(typed: string): boolean {
    const valid = validInitials(typed);
    if (valid === null) return false;
    answerShift(storage, valid);
    initials.value = valid;
    asking.value = false;
    return true;
  }

  /** The question was put away: not asked again this shift, no initials given. */
  function dismiss(): void {
    answerShift(storage, null);
    asking.value = false;
  }

  /** Staff asked to change who is at the desk: the question again. */
  function reopen(): void {
    asking.value = true;
  }

  return { name, initials, asking, noteUsed, rename, giveInitials, dismiss, reopen };
});
