// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../../../electron/contract/profiles';
import { readCategories } from '../../../../src/data/categories';
import { openProfileDb } from '../../../../src/data/db';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { t } from '../../../../src/i18n';
import { useProfileStore } from '../../../../src/stores/profile';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';
import { closeForTest, undoFaults } from '../support/db-faults';

const PROFILES_USED: ProfileName[] = ['local', 'staging'];

beforeEach(async () => {
  freshPinia();
  for (const name of PROFILES_USED) await openProfileDb(name).categories.clear();
});

afterEach(async () => {
  disposeStores();
  await undoFaults();
});

async function stored(profile: ProfileName = 'local') {
  const list = await readCategories(openProfileDb(profile));
  return list.sort((a, b) => Number(a.id) - Number(b.id));
}

describe('categories store', () => {
  it('starts empty: every number reads "Category N" and names are refused', () => {
    const categories = useCategoriesStore();
    expect(categories.list).toEqual([]);
    expect(categories.label('17')).toBe('Category 17');
    expect(categories.resolve('17')).toEqual({ ok: true, id: '17' });
    expect(categories.resolve('Dog').ok).toBe(false);
  });

  it('adds, renames and removes, saving each change at once', async () => {
    const categories = useCategoriesStore();
    expect(await categories.add(' 02 ', ' Dog ')).toEqual({ ok: true });
    expect(await categories.add('3', 'Cat')).toEqual({ ok: true });
    await eventually(() => expect(categories.list).toHaveLength(2));
    expect(categories.label('2')).toBe('Dog');
    expect(categories.resolve('cat')).toEqual({ ok: true, id: '3' });

    expect(await categories.rename('3', 'Kitten')).toEqual({ ok: true });
    await eventually(() => expect(categories.label('3')).toBe('Kitten'));
    expect(await categories.remove('2')).toEqual({ ok: true });
    await eventually(() => expect(categories.label('2')).toBe('Category 2'));
    expect(await stored()).toEqual([{ id: '3', name: 'Kitten' }]);
  });

  it('refuses a change that would make the list wrong, saying where, and stores nothing of it', async () => {
    const categories = useCategoriesStore();
    await categories.add('2', 'Dog');
    await eventually(() => expect(categories.list).toHaveLength(1));
    expect(await categories.add('2', 'Hound')).toMatchObject({ ok: false, field: 'number' });
    expect(await categories.add('4', 'dog')).toMatchObject({ ok: false, field: 'name' });
    expect(await categories.rename('2', '')).toEqual({
      ok: false,
      problem: 'A category needs a name.',
      field: 'name',
    });
    expect(await stored()).toEqual([{ id: '2', name: 'Dog' }]);
  });

  it('imports by merging: renames and additions, none removed', async () => {
    const categories = useCategoriesStore();
    await categories.add('2', 'Dog');
    await categories.add('3', 'Cat');
    await eventually(() => expect(categories.list).toHaveLength(2));
    const result = await categories.importList([
      { id: '3', name: 'Kitten' },
      { id: '9', name: 'Hen' },
    ]);
    expect(result).toEqual({ ok: true });
    expect(await stored()).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Kitten' },
      { id: '9', name: 'Hen' },
    ]);
  });

  it('applies quick edits to the list as stored, so none undoes another', async () => {
    const categories = useCategoriesStore();
    const results = await Promise.all([
      categories.add('2', 'Dog'),
      categories.add('3', 'Cat'),
      categories.add('4', 'Hen'),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    // Before the live list has caught up, a rename still sees every category.
    expect(await categories.rename('4', 'Chicken')).toEqual({ ok: true });
    expect(await categories.add('5', 'cat')).toMatchObject({ ok: false, field: 'name' });
    expect(await stored()).toEqual([
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Cat' },
      { id: '4', name: 'Chicken' },
    ]);
  });

  it('imports a file, says what it changed, and changes nothing when a name would be used twice', async () => {
    const categories = useCategoriesStore();
    await categories.add('2', 'Dog');
    const imported = await categories.importFile([
      { id: '2', name: 'Hound' },
      { id: '7', name: 'Goat' },
    ]);
    expect(imported).toMatchObject({ ok: true, summary: { added: 1, renamed: 1 } });
    expect(await categories.importFile([{ id: '9', name: 'goat' }])).toEqual({
      ok: false,
      problems: [
        'The file names category 9 \u201cgoat\u201d, which is already the name of category 7. Rename one of them, then import the file again.',
      ],
    });
    expect(await stored()).toEqual([
      { id: '2', name: 'Hound' },
      { id: '7', name: 'Goat' },
    ]);
  });

  it('keeps one list per profile and follows the active one', async () => {
    const categories = useCategoriesStore();
    await categories.add('2', 'Dog');
    await eventually(() => expect(categories.label('2')).toBe('Dog'));

    useProfileStore().switchTo('staging');
    await eventually(() => expect(categories.label('2')).toBe('Category 2'));
    await categories.add('2', 'Goat');
    await eventually(() => expect(categories.label('2')).toBe('Goat'));
    expect(await stored('local')).toEqual([{ id: '2', name: 'Dog' }]);
    expect(await stored('staging')).toEqual([{ id: '2', name: 'Goat' }]);
  });

  it('says in words when the database will not take the change', async () => {
    const categories = useCategoriesStore();
    closeForTest(openProfileDb('local'));
    expect(await categories.add('2', 'Dog')).toEqual({
      ok: false,
      problem: t('categories.editor.saveFailed'),
    });
    expect(await categories.importFile([{ id: '2', name: 'Dog' }])).toEqual({
      ok: false,
      problems: [t('categories.editor.saveFailed')],
    });
  });
});
