import { describe, expect, it } from 'vitest';
import type { CachedPet } from '../../../../src/data/db';
import { takeBack } from '../../../../src/data/take-back';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
import { indexCategories } from '../../../../src/data/category-list';
import { countByCategory } from '../../../../src/overview/category-counts';
import { startOfLocalDay } from '../../../../src/format/clock';
import { hourBuckets } from '../../../../src/overview/hour-buckets';
import { readCategoryIds, readDay } from '../../../../src/overview/reads';
import { freshProfileDb } from '../data/test-db';
import { cachedPet } from '../support/service-pets';

/** A local time on 26 November 2026. */
function at(hour: number, minute = 0, day = 26): number {
  return new Date(2026, 10, day, hour, minute).getTime();
}

/** An animal from the service, with what this desk knows of it. */
async function servicePet(
  id: number,
  categoryId: string,
  desk: Pick<CachedPet, 'typedAt' | 'sentAt'> = {},
): Promise<CachedPet> {
  const row = await cachedPet({ id: String(id), name: `Pet ${id}`, categoryId }, { now: at(8) });
  return { ...row, ...desk };
}

describe('what the Overview reads from the database', () => {
  it('reads today’s typing times and today’s sends, not yesterday’s', async () => {
    const db = freshProfileDb();
    await db.pets.bulkPut(
      await Promise.all([
        servicePet(1, '1', { typedAt: at(9, 10), sentAt: at(9, 11) }),
        servicePet(2, '1', { typedAt: at(23, 59, 25), sentAt: at(0, 1) }),
        servicePet(3, '2', { typedAt: at(23, 58, 25), sentAt: at(23, 59, 25) }),
        servicePet(4, '2'),
      ]),
    );
    const day = await readDay(db, startOfLocalDay(at(12)));
    expect([...day.typedTimes].sort()).toEqual([at(9, 10)]);
    // Typed yesterday, its ID came after midnight: a send of today.
    expect(day.sentToday).toBe(2);
    expect(hourBuckets(day.typedTimes, at(10, 30)).map((b) => [b.hour, b.count])).toEqual([
      [9, 1],
      [10, 0],
    ]);
    db.close();
  });

  it('counts an animal waiting to be sent, and not once it is taken back', async () => {
    const db = freshProfileDb();
    const queued = await enqueueIntake(db, 'local', { name: 'Undone', categoryId: '3' });
    const entry = await db.outbox.get(queued.outboxId);
    if (entry === undefined) throw new Error('no entry');
    const dayStart = startOfLocalDay(entry.createdAt);
    expect((await readDay(db, dayStart)).typedTimes).toEqual([entry.createdAt]);
    expect((await readCategoryIds(db)).categoryIds).toEqual(['3']);

    await takeBack(db, [entry.id]);
    expect((await readDay(db, dayStart)).typedTimes).toEqual([]);
    expect((await readCategoryIds(db)).categoryIds).toEqual([]);
    db.close();
  });

  it('counts the animals imported apart from those typed, waiting, sent and refreshed', async () => {
    const db = freshProfileDb();
    const typed = await enqueueIntake(db, 'local', { name: 'Typed', categoryId: '1' });
    const [rowOne] = await enqueueMany(db, 'local', [
      { name: 'Row 1', categoryId: '2' },
      { name: 'Row 2', categoryId: '2' },
    ]);
    const imported = await db.outbox.get(rowOne ?? '');
    const typedEntry = await db.outbox.get(typed.outboxId);
    if (imported === undefined || typedEntry === undefined) throw new Error('no entries');
    const dayStart = startOfLocalDay(imported.createdAt);
    const waiting = await readDay(db, dayStart);
    expect([waiting.typedTimes.length, waiting.importedToday]).toEqual([3, 2]);

    // The service's records replace the pending rows, and a refresh writes them again.
    const sent = [
      { id: '501', name: 'Row 1', categoryId: '2' },
      { id: '502', name: 'Typed', categoryId: '1' },
    ];
    await completeEntry(db, imported, sent[0]!);
    await completeEntry(db, typedEntry, sent[1]!);
    await upsertServicePets(db, sent);
    expect((await db.pets.get('501'))?.imported).toBe(1);
    expect((await db.pets.get('502'))?.imported).toBeUndefined();
    const after = await readDay(db, dayStart);
    expect([after.typedTimes.length, after.importedToday, after.sentToday]).toEqual([3, 2, 2]);
    db.close();
  });

  it('reads one category per animal, waiting or sent, and counts them by name', async () => {
    const db = freshProfileDb();
    await db.pets.bulkPut(
      await Promise.all([servicePet(1, '1'), servicePet(2, '2'), servicePet(3, '2')]),
    );
    await enqueueIntake(db, 'local', { name: 'New', categoryId: '2' });
    const { categoryIds } = await readCategoryIds(db);
    const names = indexCategories([{ id: '2', name: 'Cat' }]);
    expect(countByCategory(categoryIds, names)).toEqual([
      { id: '2', label: 'Cat', count: 3 },
      { id: '1', label: 'Category 1', count: 1 },
    ]);
    db.close();
  });

  it('still counts a row its index lacks', async () => {
    const db = freshProfileDb();
    const { nameKey: _dropped, ...withoutKey } = await servicePet(1, '4');
    await db.pets.bulkPut([withoutKey as CachedPet, await servicePet(2, '4')]);
    expect((await readCategoryIds(db)).categoryIds.sort()).toEqual(['4', '4']);
    db.close();
  });
});
