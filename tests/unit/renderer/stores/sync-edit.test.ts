// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCategories } from '../../../../src/data/categories';
import { openProfileDb } from '../../../../src/data/db';
import { loadDbModule } from '../../../../src/data/layer';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { useSyncStore } from '../../../../src/stores/sync';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';

// Sending is the engine's business, tested on its own: here nothing replays,
// so the edited entry is read back exactly as the edit left it.
vi.mock('../../../../src/sync/engine', async (original) => {
  const actual = await original<typeof import('../../../../src/sync/engine')>();
  const { shallowRef } = await import('vue');
  return {
    ...actual,
    createSyncEngine: () => ({
      status: shallowRef(actual.initialStatus()),
      start: () => undefined,
      stop: () => Promise.resolve(),
      syncNow: () => Promise.resolve(),
    }),
  };
});

beforeEach(async () => {
  freshPinia();
  // The app loads the data layer once the list's first rows are drawn; here no
  // list is drawn, so the test loads it.
  await loadDbModule();
  const db = openProfileDb('local');
  await db.pets.clear();
  await db.outbox.clear();
  await db.categories.clear();
});

afterEach(disposeStores);

/** An entry the service refused, as the replayer leaves it. */
async function refusedEntry(): Promise<string> {
  const db = openProfileDb('local');
  const queued = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '9' });
  await db.outbox.update(queued.outboxId, { state: 'needs-attention', attempts: 1 });
  return queued.outboxId;
}

describe('editing an entry that needs attention', () => {
  it('takes the category by name, as the add form does, and stores its number', async () => {
    await writeCategories(openProfileDb('local'), [{ id: '2', name: 'Dog' }]);
    const categories = useCategoriesStore();
    await eventually(() => expect(categories.list).toHaveLength(1));
    const id = await refusedEntry();
    const sync = useSyncStore();

    expect(await sync.edit(id, { name: 'Rex ', category: ' DOG', status: 'Pending' })).toEqual({
      ok: true,
    });
    const [entry] = await readOutbox(openProfileDb('local'));
    expect(entry?.state).toBe('queued');
    expect(entry?.payload).toEqual({ name: 'Rex', categoryId: '2', status: 'pending' });
  });

  it('refuses a name the profile lacks under the category field, changing nothing', async () => {
    const id = await refusedEntry();
    const sync = useSyncStore();
    expect(await sync.edit(id, { name: 'Rex', category: 'Dog', status: '' })).toEqual({
      ok: false,
      message: 'Correct the marked fields.',
      errors: {
        categoryId:
          'No category is called \u201cDog\u201d. Type its number, or add the name under Settings, Categories.',
      },
    });
    const [entry] = await readOutbox(openProfileDb('local'));
    expect(entry?.state).toBe('needs-attention');
    expect(entry?.payload.categoryId).toBe('9');
  });
});
