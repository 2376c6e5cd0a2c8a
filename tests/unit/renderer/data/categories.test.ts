// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { readCategories, updateCategories, writeCategories } from '../../../../src/data/categories';
import { quarantineCount, quarantinedRows } from '../../../../src/data/quarantine';
import { eventually } from '../../../helpers/eventually';
import { freshIdb, freshProfileDb } from './test-db';

describe('the category table', () => {
  it('starts empty, and each write replaces the whole list', async () => {
    const db = freshProfileDb();
    expect(await readCategories(db)).toEqual([]);
    await writeCategories(db, [
      { id: '2', name: 'Dog' },
      { id: '3', name: 'Cat' },
    ]);
    await writeCategories(db, [
      { id: '3', name: 'Kitten' },
      { id: '9', name: 'Hen' },
    ]);
    const list = await readCategories(db);
    expect(list.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '3', name: 'Kitten' },
      { id: '9', name: 'Hen' },
    ]);
  });

  it('keeps each profile’s list in that profile’s database', async () => {
    const idb = freshIdb();
    const local = freshProfileDb('local', idb);
    const staging = freshProfileDb('staging', idb);
    await writeCategories(local, [{ id: '2', name: 'Dog' }]);
    expect(await readCategories(staging)).toEqual([]);
    expect(await readCategories(local)).toEqual([{ id: '2', name: 'Dog' }]);
  });

  it('leaves a damaged row out, even inside a live query, and sets it aside', async () => {
    const db = freshProfileDb();
    await writeCategories(db, [{ id: '2', name: 'Dog' }]);
    const table = db.categories as unknown as { put(row: unknown): Promise<unknown> };
    await table.put({ id: '3', name: 42 });
    await table.put({ id: '007', name: 'Hen' });

    const answers: unknown[] = [];
    const subscription = liveQuery(() => readCategories(db)).subscribe({
      next: (value) => answers.push(value),
    });
    try {
      await eventually(() => answers.length > 0, 'a first answer');
      expect(answers[0]).toEqual([{ id: '2', name: 'Dog' }]);
      await eventually(async () => (await quarantineCount(db)) === 2, 'both rows set aside');
    } finally {
      subscription.unsubscribe();
    }
    const problems = (await quarantinedRows(db)).map((r) => [r.table, r.problem]);
    expect(problems.sort()).toEqual([
      ['categories', 'id is not a category number'],
      ['categories', 'name is not text'],
    ]);
    expect(await db.categories.count()).toBe(1);
  });

  it('changes the list as stored in one transaction, and sets damaged rows aside before rewriting', async () => {
    const db = freshProfileDb();
    await writeCategories(db, [{ id: '2', name: 'Dog' }]);
    const table = db.categories as unknown as { put(row: unknown): Promise<unknown> };
    await table.put({ id: '3', name: '' });

    const seen = await updateCategories(db, (current) => ({
      next: [...current, { id: '3', name: 'Cat' }],
      result: current.map((c) => c.id),
    }));
    expect(seen).toEqual(['2']);
    expect((await readCategories(db)).map((c) => c.name).sort()).toEqual(['Cat', 'Dog']);
    expect((await quarantinedRows(db)).map((r) => [r.table, r.row])).toEqual([
      ['categories', { id: '3', name: '' }],
    ]);

    // No `next`: nothing is written.
    await updateCategories(db, () => ({ result: null }));
    expect(await db.categories.count()).toBe(2);
  });
});
