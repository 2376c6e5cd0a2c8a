import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { useProfileNote } from '../../../../src/stores/profile-note';
import { useProfileStore } from '../../../../src/stores/profile';

beforeEach(() => {
  setActivePinia(createPinia());
  useProfileStore().switchTo('local');
});

/** A note made in a scope of its own, as a store's or a component's setup would. */
function note() {
  return effectScope().run(() => useProfileNote(''))!;
}

describe('a note that belongs to its moment and its profile', () => {
  it('is replaced by the next action, and cleared as that action begins', () => {
    const n = note();
    n.say('Exported 3 animals.');
    expect(n.said.value).toBe('Exported 3 animals.');
    const say = n.begin();
    expect(n.said.value).toBe('');
    say('Exported 5 animals.');
    expect(n.said.value).toBe('Exported 5 animals.');
  });

  it('goes on a profile switch and does not come back with the profile', () => {
    const profile = useProfileStore();
    const n = note();
    n.say('Queued 3 animals.');
    profile.switchTo('staging');
    expect(n.said.value).toBe('');
    profile.switchTo('local');
    expect(n.said.value).toBe('');
  });

  it('drops the outcome of an action begun before a switch, even after switching back', () => {
    const profile = useProfileStore();
    const n = note();
    const say = n.begin();
    profile.switchTo('staging');
    profile.switchTo('local');
    say('Took Bella back.');
    expect(n.said.value).toBe('');
    n.say('Took Max back.');
    expect(n.said.value).toBe('Took Max back.');
  });
});
