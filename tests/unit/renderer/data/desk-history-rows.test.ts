import { describe, expect, it } from 'vitest';
import { findCachedPet, upsertServicePets } from '../../../../src/data/pets';
import { cachedPetProblem } from '../../../../src/data/row-checks';
import { serviceRow } from '../desk-file/desk-fixtures';
import { freshProfileDb } from './test-db';

describe('a pets row with another desk’s history', () => {
  it('is accepted with the desk’s name and when that desk typed it', () => {
    expect(
      cachedPetProblem(serviceRow('7', { otherDesk: { label: 'Van', typedAt: 1_000 } })),
    ).toBeNull();
    expect(cachedPetProblem(serviceRow('7', { otherDesk: { label: '', typedAt: 0 } }))).toBeNull();
  });

  it.each<[string, unknown]>([
    ['nothing', null],
    ['a name alone', 'Van'],
    ['a list', [{ label: 'Van', typedAt: 1 }]],
    ['no name', { typedAt: 1_000 }],
    ['a name that is not text', { label: 7, typedAt: 1_000 }],
    ['no time', { label: 'Van' }],
    ['a time that is not a number', { label: 'Van', typedAt: '1000' }],
    ['a time that is not finite', { label: 'Van', typedAt: Number.NaN }],
  ])('is refused with %s', (_label, otherDesk) => {
    expect(cachedPetProblem({ ...serviceRow('7'), otherDesk })).toBe('otherDesk is not a desk');
  });

  it('keeps the other desk across a refresh from the service', async () => {
    const db = freshProfileDb();
    const otherDesk = { label: 'Van', typedAt: 1_000 };
    await db.pets.put(serviceRow('7', { name: 'Old name', firstSeenAt: 500, otherDesk }));

    await upsertServicePets(db, [{ id: '7', name: 'New name', categoryId: '2', status: 'sold' }]);

    const row = await findCachedPet(db, '7');
    expect(row).toMatchObject({ name: 'New name', status: 'sold', firstSeenAt: 500, otherDesk });
    expect(row).not.toHaveProperty('typedAt');
  });

  it('gives a fetched animal no other desk', async () => {
    const db = freshProfileDb();

    await upsertServicePets(db, [{ id: '8', name: 'Fetched', categoryId: '2' }]);

    expect(await findCachedPet(db, '8')).not.toHaveProperty('otherDesk');
  });
});
