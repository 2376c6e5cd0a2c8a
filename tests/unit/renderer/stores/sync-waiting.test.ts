// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileDb } from '../../../../src/data/db';
import { profileDb } from '../../../../src/data/layer';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { useProfileStore } from '../../../../src/stores/profile';
import { useSyncStore } from '../../../../src/stores/sync';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';

beforeEach(async () => {
  freshPinia();
  for (const profile of ['local', 'staging'] as const) await openProfileDb(profile).outbox.clear();
  const staging = openProfileDb('staging');
  for (const name of ['Pip', 'Moss']) {
    await enqueueIntake(staging, 'staging', { name, categoryId: '2' });
  }
});

afterEach(() => {
  useSyncStore().$dispose();
  disposeStores();
});

describe('the waiting count', () => {
  it('is unknown until the active profile’s queue is read, never a 0 it has not counted', async () => {
    const profile = useProfileStore();
    profile.switchTo('staging');
    await profileDb('staging');
    const sync = useSyncStore();
    expect(sync.waiting).toBeNull();
    await eventually(() => expect(sync.waiting).toBe(2));

    // Another profile's queue: not the last one's count while it is read.
    profile.switchTo('local');
    expect(sync.waiting).toBeNull();
    await eventually(() => expect(sync.waiting).toBe(0));
  });
});
