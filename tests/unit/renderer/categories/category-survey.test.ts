import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import type { CachedPet } from '../../../../src/data/db';
import { namingProblems } from '../../../../src/categories/category-edits';
import { surveyCategories } from '../../../../src/categories/category-survey';
import { freshProfileDb } from '../data/test-db';
import { cachedPet, putServicePets } from '../support/service-pets';

const pet = (id: number, categoryId: string, name: string): Pet => ({
  id: String(id),
  name,
  categoryId,
});

describe('surveyCategories', () => {
  it('counts each number once, "07" as 7, with three names of its animals by name', async () => {
    const db = freshProfileDb();
    await putServicePets(db, [
      pet(1, '7', 'Rex'),
      pet(2, '07', 'Bella'),
      pet(3, '7', 'Zed'),
      pet(4, '7', 'Ace'),
      pet(5, '12', 'Tom'),
      pet(6, '3', 'Hopper'),
      pet(7, '7', 'Max'),
    ]);
    const survey = await surveyCategories(db);
    expect(survey.more).toBe(false);
    expect(survey.seen.map(({ id, count }) => ({ id, count }))).toEqual([
      { id: '3', count: 1 },
      { id: '7', count: 5 },
      { id: '12', count: 1 },
    ]);
    // "07" sorts before "7" in the index: Bella first, then the first two of category 7,
    // read from the index (more than three there), not row by row.
    expect(survey.seen[1]?.names).toEqual(['Bella', 'Ace', 'Max']);
  });

  it('counts rows the index lacks (no nameKey) by reading them one by one', async () => {
    const db = freshProfileDb();
    const { nameKey: _dropped, ...old } = await cachedPet(pet(1, '5', 'Old'));
    await db.pets.put(old as CachedPet);
    await putServicePets(db, [pet(2, '5', 'New'), pet(3, '6', 'Other')]);
    const survey = await surveyCategories(db);
    expect(survey.seen).toEqual([
      { id: '5', count: 2, names: ['Old', 'New'] },
      { id: '6', count: 1, names: ['Other'] },
    ]);
  });

  it('finds nothing in an empty cache', async () => {
    expect(await surveyCategories(freshProfileDb())).toEqual({ seen: [], more: false });
  });
});

describe('namingProblems', () => {
  it('skips blanks and catches a name already used or typed twice', () => {
    const list = [{ id: '2', name: 'Dog' }];
    expect(
      namingProblems(list, [
        { id: '3', name: 'Cat' },
        { id: '4', name: ' ' },
        { id: '5', name: 'dog' },
        { id: '6', name: 'CAT' },
        { id: '7', name: '12' },
      ]),
    ).toEqual([
      { id: '5', problem: '\u201cDog\u201d is already the name of category 2.' },
      { id: '6', problem: '\u201cCat\u201d is already the name of category 3.' },
      { id: '7', problem: 'A category name cannot be only digits; that is a number.' },
    ]);
    expect(namingProblems(list, [{ id: '3', name: 'Cat' }])).toEqual([]);
  });
});
