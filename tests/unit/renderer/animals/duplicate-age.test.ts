import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import { duplicateWarning } from '../../../../src/animals/duplicates';
import { findRecentDuplicate } from '../../../../src/animals/earlier';
import { indexCategories } from '../../../../src/data/category-list';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
import { formatDateTime, formatShortTime } from '../../../../src/format/clock';
import { applyLanguage } from '../../../../src/i18n';
import { freshProfileDb } from '../data/test-db';

/**
 * How old the duplicate warning says the earlier animal is: from the typing
 * for one typed on this computer, however long its sync took; for one only
 * fetched, since when the service has had it at least. Times are local, so
 * "today" holds in any time zone.
 */
const TYPED = new Date(2025, 4, 20, 12, 0, 0).getTime();
const SECOND = 1000;
const BELLA: Pet = { id: '41', name: 'Bella', categoryId: '2', status: 'available' };
const SHELTER_EN = indexCategories([{ id: '2', name: 'Dog' }]);
const SHELTER_ES = indexCategories([{ id: '2', name: 'Perro' }]);

afterEach(async () => {
  vi.restoreAllMocks();
  await applyLanguage('en');
});

/** Runs `write` as if the clock read `at`. */
async function at<T>(time: number, write: () => Promise<T>): Promise<T> {
  vi.spyOn(Date, 'now').mockReturnValue(time);
  try {
    return await write();
  } finally {
    vi.restoreAllMocks();
  }
}

/** Bella typed at TYPED, created on the service at `syncedAt`, then refreshed at `refreshedAt`. */
async function typedThenSynced(syncedAt: number, refreshedAt: number): Promise<KennelDb> {
  const db = freshProfileDb();
  const queued = await at(TYPED, () =>
    enqueueIntake(db, 'local', { name: 'Bella', categoryId: '2', status: 'available' }),
  );
  const entry = await db.outbox.get(queued.outboxId);
  if (entry === undefined) throw new Error('no entry');
  await at(syncedAt, () => completeEntry(db, entry, BELLA));
  await at(refreshedAt, () => upsertServicePets(db, [BELLA]));
  return db;
}

describe('an animal typed on this computer', () => {
  it('counts from the typing, not from the sync or a later refresh', async () => {
    const db = await typedThenSynced(TYPED + 65 * SECOND, TYPED + 70 * SECOND);
    const now = TYPED + 75 * SECOND;

    const earlier = await findRecentDuplicate(db, { name: 'bella', categoryId: '2' }, now);

    expect(earlier).toEqual({ name: 'Bella', categoryId: '2', addedAt: TYPED });
    expect(duplicateWarning(earlier!, now, SHELTER_EN)).toBe(
      'Bella (Dog) was added 1 minute ago. Add another?',
    );
    await applyLanguage('es');
    expect(duplicateWarning(earlier!, now, SHELTER_ES)).toBe(
      'Bella (Perro) se añadió hace 1 minuto. ¿Añadir otro?',
    );
  });

  it('keeps the typing time on the row the service’s record replaced', async () => {
    const db = await typedThenSynced(TYPED + 65 * SECOND, TYPED + 70 * SECOND);
    const row = await db.pets.get('41');
    expect(row).toMatchObject({ pending: 0, typedAt: TYPED, firstSeenAt: TYPED + 65 * SECOND });
  });
});

describe('an animal this desk only fetched from the service', () => {
  it('says the service has had it since this desk first saw it, not that it was added', async () => {
    const db = freshProfileDb();
    const seen = TYPED - 60 * SECOND;
    await at(seen, () => upsertServicePets(db, [BELLA]));
    // A later refresh does not move when it was first seen.
    await at(TYPED - 5 * SECOND, () => upsertServicePets(db, [BELLA]));

    const earlier = await findRecentDuplicate(db, { name: 'Bella', categoryId: '2' }, TYPED);

    expect(earlier).toEqual({ name: 'Bella', categoryId: '2', addedAt: seen, fromService: true });
    const warning = duplicateWarning(earlier!, TYPED, SHELTER_EN);
    expect(warning).toBe(
      `Bella (Dog) is already on the service, since at least ${formatShortTime(seen)} today. Add another?`,
    );
    expect(warning).not.toContain('added');
    await applyLanguage('es');
    expect(duplicateWarning(earlier!, TYPED, SHELTER_ES)).toBe(
      `Bella (Perro) ya está en el servicio, al menos desde hoy a las ${formatShortTime(seen)}. ¿Añadir otro?`,
    );
  });

  it('gives the day as well when it was first seen on an earlier day', async () => {
    const seen = new Date(2025, 4, 17, 9, 30).getTime();
    const earlier = { name: 'Bella', categoryId: '2', addedAt: seen, fromService: true };
    expect(duplicateWarning(earlier, TYPED, SHELTER_EN)).toBe(
      `Bella (Dog) is already on the service, since at least ${formatDateTime(seen)}. Add another?`,
    );
    await applyLanguage('es');
    expect(duplicateWarning(earlier, TYPED, SHELTER_ES)).toBe(
      `Bella (Perro) ya está en el servicio, al menos desde ${formatDateTime(seen)}. ¿Añadir otro?`,
    );
  });
});
