/**
 * Every act staff do leaves one row in the desk's history, written in the
 * act's own transaction: when the row cannot be written, the act is not done
 * either, and an act that does nothing writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import { markCardsPrinted } from '../../../../src/data/cards';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import { correctEntry } from '../../../../src/data/correction';
import { takeBack, discardEntry } from '../../../../src/data/take-back';
import { noteExport } from '../../../../src/data/history';
import { setAtTheDesk } from '../../../../src/data/history-desk';
import type { HistoryEvent } from '../../../../src/data/history-event';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { claimEntry, completeEntry, markNeedsAttention } from '../../../../src/data/send-steps';
import { saveRecord } from '../../../../src/data/records';
import { freshProfileDb } from './test-db';

const REFUSED: BridgeError = { kind: 'validation', status: 400, message: 'No.' };
const KEEP = { kind: 'keep' as const };

beforeEach(() => {
  setAtTheDesk({ desk: 'Front desk', initials: 'MG' });
  // A clock that moves on at every reading: acts done within one millisecond still list in order.
  let clock = Date.UTC(2026, 10, 28, 9);
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
});
afterEach(() => {
  setAtTheDesk({ desk: '' });
  vi.restoreAllMocks();
});

/** The history, oldest first, each row without its random key and time. */
async function history(db: KennelDb): Promise<Array<Omit<HistoryEvent, 'key' | 'at'>>> {
  const rows = await db.history.orderBy('at').toArray();
  return rows.map(({ key: _key, at: _at, ...rest }) => rest);
}

/** From now on, every history row `db` is asked to write fails, as a full disk would. */
function historyRefused(db: KennelDb): void {
  db.history.hook('creating', () => {
    throw new Error('The disk is full.');
  });
}

async function queued(db: KennelDb, name: string): Promise<OutboxEntry> {
  const { outboxId } = await enqueueIntake(db, 'local', { name, categoryId: '2' });
  const entry = await db.outbox.get(outboxId);
  if (entry === undefined) throw new Error(name);
  return entry;
}

async function refused(db: KennelDb, name: string): Promise<OutboxEntry> {
  const claimed = await claimEntry(db, (await queued(db, name)).id);
  if (claimed === null) throw new Error(name);
  await markNeedsAttention(db, claimed, REFUSED);
  return claimed;
}

const desk = { desk: 'Front desk', initials: 'MG' };

describe('the history of what staff do', () => {
  it('writes a typed animal with its key, its name and who was at the desk', async () => {
    const db = freshProfileDb();
    const { localKey } = await enqueueIntake(db, 'local', { name: 'Pip', categoryId: '2' });
    expect(await history(db)).toEqual([{ kind: 'typed', petKey: localKey, name: 'Pip', ...desk }]);
  });

  it('leaves neither the animal nor its row when the row cannot be written', async () => {
    const db = freshProfileDb();
    historyRefused(db);
    await expect(enqueueIntake(db, 'local', { name: 'Pip', categoryId: '2' })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pets.count()).toBe(0);
    expect(await db.history.count()).toBe(0);
  });

  it('writes one row for an import, with the file and how many; none for pasted cells', async () => {
    const db = freshProfileDb();
    const pets = ['A', 'B', 'C'].map((name) => ({ name, categoryId: '1' }));
    await enqueueMany(db, 'local', pets, [], 'traslado.csv');
    await enqueueMany(db, 'local', pets.slice(0, 1));
    expect(await history(db)).toEqual([
      { kind: 'imported', count: 3, batch: 'traslado.csv', ...desk },
      { kind: 'imported', count: 1, ...desk },
    ]);
    historyRefused(db);
    await expect(enqueueMany(db, 'local', pets, [], 'again.csv')).rejects.toThrow();
    expect(await db.outbox.count()).toBe(4);
  });

  it('writes a correction in the hold and one of a refused animal, with the new name', async () => {
    const db = freshProfileDb();
    const held = await queued(db, 'Pip');
    await expect(
      correctEntry(db, held.id, { name: 'Pipa', categoryId: '2' }),
    ).resolves.toBeUndefined();
    const back = await refused(db, 'Moss');
    await correctEntry(db, back.id, { name: 'Mossy', categoryId: '2' });
    const kinds = (await history(db)).filter((row) => row.kind === 'corrected');
    expect(kinds).toEqual([
      { kind: 'corrected', petKey: held.localKey, name: 'Pipa', ...desk },
      { kind: 'corrected', petKey: back.localKey, name: 'Mossy', ...desk },
    ]);

    historyRefused(db);
    await expect(correctEntry(db, held.id, { name: 'Nope', categoryId: '2' })).rejects.toThrow();
    expect((await db.outbox.get(held.id))?.payload.name).toBe('Pipa');
  });

  it('writes each animal taken back, and nothing for one that could not be', async () => {
    const db = freshProfileDb();
    const one = await queued(db, 'One');
    const two = await queued(db, 'Two');
    const three = await queued(db, 'Three');
    expect((await takeBack(db, [one.id])).withdrawn).toBe(1);
    expect((await takeBack(db, [one.id])).withdrawn).toBe(0);
    expect(await takeBack(db, [two.id, three.id, one.id])).toEqual({
      withdrawn: 2,
      tooLate: 1,
    });
    const back = (await history(db)).filter((row) => row.kind === 'taken-back');
    expect(back.map((row) => [row.petKey, row.name])).toEqual([
      [one.localKey, 'One'],
      [two.localKey, 'Two'],
      [three.localKey, 'Three'],
    ]);

    const four = await queued(db, 'Four');
    historyRefused(db);
    await expect(takeBack(db, [four.id])).rejects.toThrow();
    expect(await db.outbox.get(four.id)).toBeDefined();
  });

  it('writes a sent animal once, with the service’s ID and name', async () => {
    const db = freshProfileDb();
    const claimed = await claimEntry(db, (await queued(db, 'Pip')).id);
    if (claimed === null) throw new Error('not claimed');
    const pet = { id: '4242', name: 'Pip', categoryId: '2', status: 'available' };
    await completeEntry(db, claimed, pet);
    // Another window found the same animal on the service a moment later.
    await completeEntry(db, claimed, pet);
    const sent = (await history(db)).filter((row) => row.kind === 'sent');
    expect(sent).toEqual([{ kind: 'sent', petKey: '4242', petId: '4242', name: 'Pip', ...desk }]);
  });

  it('leaves the animal waiting when its sent row cannot be written', async () => {
    const db = freshProfileDb();
    const claimed = await claimEntry(db, (await queued(db, 'Pip')).id);
    if (claimed === null) throw new Error('not claimed');
    historyRefused(db);
    await expect(
      completeEntry(db, claimed, { id: '4242', name: 'Pip', categoryId: '2' }),
    ).rejects.toThrow();
    expect(await db.outbox.get(claimed.id)).toBeDefined();
    expect(await db.pets.get('4242')).toBeUndefined();
  });

  it('writes a refusal once, and the animal staff then discard as taken back', async () => {
    const db = freshProfileDb();
    const entry = await refused(db, 'Moss');
    // The replayer hands the same entry over again: still one refusal.
    await markNeedsAttention(db, entry, REFUSED);
    await discardEntry(db, entry.id);
    expect((await history(db)).slice(1)).toEqual([
      { kind: 'refused', petKey: entry.localKey, name: 'Moss', ...desk },
      { kind: 'taken-back', petKey: entry.localKey, name: 'Moss', ...desk },
    ]);

    const other = await refused(db, 'Kept');
    historyRefused(db);
    await expect(discardEntry(db, other.id)).rejects.toThrow();
    expect(await db.outbox.get(other.id)).toBeDefined();
  });

  it('writes an animal that may already be on the service as set aside for staff, not refused', async () => {
    const db = freshProfileDb();
    const entry = await queued(db, 'Maybe');
    await markNeedsAttention(db, entry, REFUSED, { candidates: [] });
    expect((await history(db)).slice(1)).toEqual([
      { kind: 'set-aside', petKey: entry.localKey, name: 'Maybe', ...desk },
    ]);
  });

  it('keeps a refused animal queued when its refusal cannot be written', async () => {
    const db = freshProfileDb();
    const claimed = await claimEntry(db, (await queued(db, 'Moss')).id);
    if (claimed === null) throw new Error('not claimed');
    historyRefused(db);
    await expect(markNeedsAttention(db, claimed, REFUSED)).rejects.toThrow();
    expect((await db.outbox.get(claimed.id))?.state).toBe('sending');
  });

  it('writes cards printed: the animal when it was one, how many when more', async () => {
    const db = freshProfileDb();
    const animals: Array<[string, string]> = [
      ['7', 'Rex'],
      ['8', 'Luna'],
      ['9', 'Toby'],
    ];
    for (const [id, name] of animals) {
      const claimed = await claimEntry(db, (await queued(db, name)).id);
      if (claimed === null) throw new Error(name);
      await completeEntry(db, claimed, { id, name, categoryId: '2' });
    }
    await markCardsPrinted(db, ['7']);
    await markCardsPrinted(db, ['8', '9']);
    await markCardsPrinted(db, []);
    const printed = (await history(db)).filter((row) => row.kind === 'card-printed');
    expect(printed).toEqual([
      { kind: 'card-printed', count: 1, petKey: '7', petId: '7', name: 'Rex', ...desk },
      { kind: 'card-printed', count: 2, ...desk },
    ]);
    historyRefused(db);
    await db.pets.update('7', { cardDue: 1 });
    await expect(markCardsPrinted(db, ['7'])).rejects.toThrow();
    expect((await db.pets.get('7'))?.cardDue).toBe(1);
  });

  it('writes an export with its file and how many it holds', async () => {
    const db = freshProfileDb();
    await noteExport(db, 'kennel-local-2026-11-28.csv', 12);
    expect(await history(db)).toEqual([
      { kind: 'exported', batch: 'kennel-local-2026-11-28.csv', count: 12, ...desk },
    ]);
  });

  it('writes a record saved as an outcome when the outcome changed, as a change otherwise', async () => {
    const db = freshProfileDb();
    const claimed = await claimEntry(db, (await queued(db, 'Rex')).id);
    if (claimed === null) throw new Error('not claimed');
    await completeEntry(db, claimed, { id: '7', name: 'Rex', categoryId: '2' });
    await saveRecord(db, '7', { fields: { kennel: 'A1' }, photo: KEEP });
    // Saved again as it is: nothing changed, nothing written, a litter-mate's too.
    await saveRecord(db, '7', { fields: { kennel: 'A1' }, photo: KEEP });
    await db.records.update('7', { litter: { id: 'litter-1', place: 2 } });
    await saveRecord(db, '7', { fields: { kennel: 'A1' }, photo: KEEP });
    const adopted = { kennel: 'A1', outcome: 'adopted' as const, outcomeOn: '2026-11-28' };
    await saveRecord(db, '7', { fields: adopted, photo: KEEP });
    await saveRecord(db, '7', { fields: { ...adopted, notes: 'Went home' }, photo: KEEP });
    const rows = (await history(db)).filter((row) => row.kind.includes('record'));
    const about = { petKey: '7', petId: '7', name: 'Rex', ...desk };
    expect(rows).toEqual([
      { kind: 'record-changed', ...about },
      { kind: 'outcome-recorded', ...about },
      { kind: 'record-changed', ...about },
    ]);

    historyRefused(db);
    await expect(saveRecord(db, '7', { fields: { kennel: 'B2' }, photo: KEEP })).rejects.toThrow();
    expect((await db.records.get('7'))?.kennel).toBe('A1');
  });

  it('leaves out the initials when nobody gave them', async () => {
    setAtTheDesk({ desk: 'Back office' });
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'Pip', categoryId: '2' });
    const [row] = await db.history.toArray();
    expect(row).toMatchObject({ desk: 'Back office' });
    expect(row).not.toHaveProperty('initials');
  });
});
