import { describe, expect, it } from 'vitest';
import {
  addedAgo,
  duplicateKey,
  duplicateWarning,
  newestPerKey,
  type AnimalIdentity,
  type EarlierAnimal,
} from '../../../../src/animals/duplicates';
import { findRecentDuplicate } from '../../../../src/animals/earlier';
import { indexCategories, NO_CATEGORIES } from '../../../../src/data/category-list';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { freshProfileDb } from '../data/test-db';
import { putServicePets } from '../support/service-pets';

// The specification: an animal is a possible duplicate for 30 days.
const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const NOW = Date.UTC(2025, 4, 20, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function earlier(name: string, categoryId: string, agoMs: number): EarlierAnimal {
  return { name, categoryId, addedAt: NOW - agoMs };
}

/** The rule asked for one animal, as the add form asks it. */
function recentDuplicate(
  candidate: AnimalIdentity,
  animals: EarlierAnimal[],
  now: number,
): EarlierAnimal | null {
  const key = duplicateKey(candidate);
  return newestPerKey(new Set([key]), animals, now).get(key) ?? null;
}

describe('the duplicate rule', () => {
  it('matches the same name and category whatever the case, accents and spacing', () => {
    const bella = earlier('Bella', '2', 3 * MINUTE);
    for (const name of ['Bella', 'bella', '  BELLA ', 'Bellà', 'Béllá']) {
      expect(recentDuplicate({ name, categoryId: '2' }, [bella], NOW), name).toBe(bella);
    }
    const zoe = earlier('Zoë  Mae', '4', MINUTE);
    expect(recentDuplicate({ name: 'zoe mae', categoryId: ' 04' }, [zoe], NOW)).toBe(zoe);
  });

  it('does not match another category or another name', () => {
    const bella = earlier('Bella', '2', MINUTE);
    expect(recentDuplicate({ name: 'Bella', categoryId: '3' }, [bella], NOW)).toBeNull();
    expect(recentDuplicate({ name: 'Bellamy', categoryId: '2' }, [bella], NOW)).toBeNull();
    expect(recentDuplicate({ name: 'Bell a', categoryId: '2' }, [bella], NOW)).toBeNull();
  });

  it('looks back 30 days, no further', () => {
    const inside = earlier('Bella', '2', DUPLICATE_WINDOW_MS);
    const outside = earlier('Bella', '2', DUPLICATE_WINDOW_MS + 1);
    expect(recentDuplicate({ name: 'Bella', categoryId: '2' }, [inside], NOW)).toBe(inside);
    expect(recentDuplicate({ name: 'Bella', categoryId: '2' }, [outside], NOW)).toBeNull();
  });

  it('names the most recent of several matches', () => {
    const old = earlier('Bella', '2', 10 * DAY);
    const recent = earlier('BELLA', '2', 5 * MINUTE);
    expect(recentDuplicate({ name: 'bella', categoryId: '2' }, [old, recent], NOW)).toBe(recent);
  });

  it('words the warning with the category name and a relative time', () => {
    const shelter = indexCategories([{ id: '2', name: 'Dog' }]);
    const bella = earlier('Bella', '2', 3 * MINUTE + 20_000);
    expect(duplicateWarning(bella, NOW, shelter)).toBe(
      'Bella (Dog) was added 3 minutes ago. Add another?',
    );
    // A number the profile's list does not name.
    expect(duplicateWarning(bella, NOW, NO_CATEGORIES)).toBe(
      'Bella (Category 2) was added 3 minutes ago. Add another?',
    );
    expect(addedAgo(NOW, NOW)).toBe('1 second ago');
    expect(addedAgo(NOW - 45_000, NOW)).toBe('45 seconds ago');
    expect(addedAgo(NOW - 2 * 60 * MINUTE, NOW)).toBe('2 hours ago');
    expect(addedAgo(NOW - DAY - MINUTE, NOW)).toBe('yesterday');
    expect(addedAgo(NOW - 12 * DAY, NOW)).toBe('12 days ago');
  });
});

describe('findRecentDuplicate', () => {
  it('finds an animal in the cache by when this computer first saw it', async () => {
    const db = freshProfileDb();
    const seen = NOW - 2 * DAY;
    await putServicePets(db, [{ id: '7', name: 'Bella', categoryId: '2', status: 'available' }], {
      now: NOW,
      firstSeenAt: seen,
    });
    await putServicePets(db, [{ id: '8', name: 'Rex', categoryId: '2' }], {
      now: NOW,
      firstSeenAt: NOW - 40 * DAY,
    });

    expect(await findRecentDuplicate(db, { name: 'bellá ', categoryId: '2' }, NOW)).toEqual({
      name: 'Bella',
      categoryId: '2',
      addedAt: seen,
      fromService: true,
    });
    // Refreshed today, but first seen 40 days ago: not recent.
    expect(await findRecentDuplicate(db, { name: 'Rex', categoryId: '2' }, NOW)).toBeNull();
    expect(await findRecentDuplicate(db, { name: 'Bella', categoryId: '3' }, NOW)).toBeNull();
  });

  it('finds an animal waiting in the queue, even when its pending row is missing', async () => {
    const db = freshProfileDb();
    const result = await enqueueIntake(db, 'local', { name: 'Bella', categoryId: '2' });
    await db.pets.delete(result.localKey);
    const entry = await db.outbox.get(result.outboxId);

    expect(await findRecentDuplicate(db, { name: 'BELLA', categoryId: '2' }, Date.now())).toEqual({
      name: 'Bella',
      categoryId: '2',
      addedAt: entry?.createdAt,
    });
    expect(
      await findRecentDuplicate(db, { name: 'Bella', categoryId: '2' }, Date.now() + 31 * DAY),
    ).toBeNull();
  });

  it('finds nothing for an invalid animal or an empty computer', async () => {
    const db = freshProfileDb();
    expect(await findRecentDuplicate(db, { name: 'Bella', categoryId: '2' }, NOW)).toBeNull();
    expect(await findRecentDuplicate(db, { name: ' ', categoryId: '2' }, NOW)).toBeNull();
  });
});
