// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileName } from '../../../../electron/contract/profiles';
import { writeCategories } from '../../../../src/data/categories';
import { openProfileDb, type KennelDb } from '../../../../src/data/db';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { useIntakeStore } from '../../../../src/stores/intake';
import { useProfileStore } from '../../../../src/stores/profile';
import { eventually } from '../../../helpers/eventually';
import { t } from '../../../../src/i18n';
import { disposeStores, freshPinia } from '../support/test-pinia';
import { beforeCreating, closeForTest, undoFaults } from '../support/db-faults';

// Sending is the sync engine's business, tested on its own; here only the kick
// after each stored animal is counted, so no engine replays (and changes) the
// entries these tests read back.
const kicks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({
    syncNow: () => {
      kicks.count += 1;
      return Promise.resolve();
    },
  }),
}));

const PROFILES_USED: ProfileName[] = ['local', 'staging'];

beforeEach(async () => {
  freshPinia();
  kicks.count = 0;
  for (const name of PROFILES_USED) {
    const db = openProfileDb(name);
    await db.pets.clear();
    await db.outbox.clear();
    await db.categories.clear();
  }
});

afterEach(async () => {
  disposeStores();
  await undoFaults();
});

/** Makes the real intake transaction fail as a full disk does, for the names in `full`. */
function diskFullFor(db: KennelDb, full: Set<string>): void {
  beforeCreating(db.pets, (row) => {
    if (full.has(row.name)) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
  });
}

function type(
  intake: ReturnType<typeof useIntakeStore>,
  name: string,
  category = '',
  status = '',
): void {
  intake.name = name;
  intake.category = category;
  intake.status = status;
}

async function storedNames(profile: ProfileName = 'local'): Promise<string[]> {
  return (await readOutbox(openProfileDb(profile))).map((e) => e.payload.name);
}

describe('intake store', () => {
  it('empties the form at the submit, so what is typed during the commit is the next animal', async () => {
    const intake = useIntakeStore();
    type(intake, 'Rex', '4', 'available');

    expect(intake.submit()).toBe(true);
    expect([intake.name, intake.category, intake.status]).toEqual(['', '', '']);
    // Typed while Rex is being committed.
    intake.name = 'Ma';
    await intake.settled();

    expect(intake.name).toBe('Ma');
    const [entry] = await readOutbox(openProfileDb('local'));
    expect(entry?.payload).toEqual({ name: 'Rex', categoryId: '4', status: 'available' });
    expect(kicks.count).toBe(1);
    await eventually(() => expect(intake.confirmation).toBe('Queued Rex for sync.'));
  });

  it('stores every animal of a burst once, in submit order, and says how many are being saved', async () => {
    const intake = useIntakeStore();
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'];
    for (const name of names) {
      type(intake, name, '2');
      expect(intake.submit()).toBe(true);
    }
    expect(intake.pending).toBe(5);
    expect(intake.savingNote).toBe('Saving 5 animals\u2026');
    await intake.settled();

    expect(intake.savingNote).toBe('');
    expect(await storedNames()).toEqual(names);
    // One kick for the whole burst.
    expect(kicks.count).toBe(1);
    expect(intake.notSaved).toEqual([]);
    await eventually(() => expect(intake.confirmation).toBe('Queued Ed for sync.'));
  });

  it('takes a category by name and stores its number; a name the profile lacks is refused', async () => {
    await writeCategories(openProfileDb('local'), [{ id: '2', name: 'Dog' }]);
    const categories = useCategoriesStore();
    await eventually(() => expect(categories.list).toHaveLength(1));
    const intake = useIntakeStore();

    type(intake, 'Rex', 'dog', 'available');
    expect(intake.submit()).toBe(true);
    type(intake, 'Max', 'Cat');
    expect(intake.submit()).toBe(false);
    expect(intake.fieldErrors).toEqual({
      categoryId:
        'No category is called \u201cCat\u201d. Type its number, or add the name under Settings, Categories.',
    });
    expect([intake.name, intake.category]).toEqual(['Max', 'Cat']);
    await intake.settled();
    const [entry] = await readOutbox(openProfileDb('local'));
    expect(entry?.payload).toEqual({ name: 'Rex', categoryId: '2', status: 'available' });

    // Another profile has its own names (none here): "Dog" means nothing to it.
    useProfileStore().switchTo('staging');
    await eventually(() => expect(categories.list).toHaveLength(0));
    type(intake, 'Rex', 'Dog');
    expect(intake.submit()).toBe(false);
    type(intake, 'Rex', '2');
    expect(intake.submit()).toBe(true);
    await intake.settled();
    expect(await storedNames('staging')).toEqual(['Rex']);
  });

  it('keeps the fields and shows the messages for an invalid animal, queuing nothing', async () => {
    const intake = useIntakeStore();
    type(intake, '   ', '12');

    expect(intake.submit()).toBe(false);
    expect(intake.fieldErrors).toEqual({ name: 'Name is required.' });
    expect([intake.name, intake.category]).toEqual(['   ', '12']);
    expect(intake.pending).toBe(0);
    await intake.settled();
    expect(await storedNames()).toEqual([]);
  });

  it('lists a failed animal even when the form is empty, so a scanner never types onto it', async () => {
    const intake = useIntakeStore();
    diskFullFor(openProfileDb('local'), new Set(['Bella']));
    type(intake, ' Bella', '7', 'pending');

    intake.submit();
    await intake.settled();

    expect([intake.name, intake.category, intake.status]).toEqual(['', '', '']);
    expect(intake.notSaved.map((f) => [f.item.fields.name, f.message])).toEqual([
      [' Bella', t('data.quota')],
    ]);
    const [failure] = intake.notSaved;
    if (failure === undefined) throw new Error('nothing listed');
    expect(intake.putBack(failure.id)).toBe(true);
    expect([intake.name, intake.category, intake.status]).toEqual([' Bella', '7', 'pending']);
    expect(await storedNames()).toEqual([]);
  });

  it('lists a failed animal when the next one is already started, and lets it be tried again', async () => {
    const intake = useIntakeStore();
    const full = new Set(['Bella']);
    diskFullFor(openProfileDb('local'), full);
    type(intake, 'Bella', '7');
    intake.submit();
    intake.name = 'Ne';
    await intake.settled();

    expect(intake.name).toBe('Ne');
    expect(intake.notSaved.map((f) => [f.item.fields.name, f.message])).toEqual([
      ['Bella', t('data.quota')],
    ]);
    const [failure] = intake.notSaved;
    if (failure === undefined) throw new Error('nothing listed');
    expect(intake.canPutBack(failure)).toBe(false);
    expect(intake.putBack(failure.id)).toBe(false);
    expect(intake.notSaved).toHaveLength(1);

    full.clear();
    intake.retry(failure.id);
    await intake.settled();
    expect(intake.notSaved).toEqual([]);
    expect(intake.name).toBe('Ne');
    expect(await storedNames()).toEqual(['Bella']);
  });

  it('puts a listed animal back into the form once the form is empty', async () => {
    const intake = useIntakeStore();
    diskFullFor(openProfileDb('local'), new Set(['Bella']));
    type(intake, 'Bella', '7', 'sold');
    intake.submit();
    intake.category = '3';
    await intake.settled();
    const [failure] = intake.notSaved;
    if (failure === undefined) throw new Error('nothing listed');

    intake.category = '';
    expect(intake.canPutBack(failure)).toBe(true);
    expect(intake.putBack(failure.id)).toBe(true);
    expect([intake.name, intake.category, intake.status]).toEqual(['Bella', '7', 'sold']);
    expect(intake.notSaved).toEqual([]);
  });

  it('says plainly when the database could not be written for another reason', async () => {
    const intake = useIntakeStore();
    closeForTest(openProfileDb('local'));
    type(intake, 'Closed', '1');
    intake.submit();
    await intake.settled();
    expect(intake.notSaved.map((f) => [f.item.fields.name, f.message])).toEqual([
      ['Closed', t('animals.intake.saveFailed')],
    ]);
  });

  it('stores an animal in the profile it was typed for, even after a switch', async () => {
    const intake = useIntakeStore();
    const profile = useProfileStore();
    type(intake, 'Local one', '5');
    intake.submit();
    profile.switchTo('staging');
    await intake.settled();

    expect(await storedNames('local')).toEqual(['Local one']);
    expect(await storedNames('staging')).toEqual([]);
    // The confirmation only ever speaks of the profile on screen.
    expect(intake.lastAdded).toBeNull();
  });

  it('keeps a failure of another profile listed, never putting it into this profile’s form', async () => {
    const intake = useIntakeStore();
    const profile = useProfileStore();
    diskFullFor(openProfileDb('local'), new Set(['Typed here']));
    type(intake, 'Typed here', '5');
    intake.submit();
    profile.switchTo('staging');
    await intake.settled();

    expect(intake.name).toBe('');
    const [failure] = intake.notSaved;
    expect(failure?.item.profile).toBe('local');
    if (failure === undefined) return;
    expect(intake.canPutBack(failure)).toBe(false);
    profile.switchTo('local');
    expect(intake.canPutBack(failure)).toBe(true);
  });
});
