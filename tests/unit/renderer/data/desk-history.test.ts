/**
 * The desk's history in a desk file: saved with the profile, checked row by
 * row when read, and written back by key, so opening the same file (or two
 * files of the same desk) never lists an act twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import type { ProfileContents } from '../../../../src/data/desk-contents';
import { contentsProblem } from '../../../../src/data/desk-checks';
import { holdsAnything, profileToSave } from '../../../../src/data/desk-snapshot';
import { readDeskState } from '../../../../src/data/desk-state';
import { writeTaken } from '../../../../src/data/desk-take';
import { setAtTheDesk } from '../../../../src/data/history-desk';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { takeBack } from '../../../../src/data/take-back';
import { planProfile, takenFor, type TakeMode } from '../../../../src/desk-file/desk-plan';
import { contents, event, header } from '../desk-file/desk-fixtures';
import { freshProfileDb } from './test-db';

afterEach(() => setAtTheDesk({ desk: '' }));

/** Opens `file` on `db` as the dialog does; answers how many history rows each way counted. */
async function open(db: KennelDb, file: ProfileContents, mode: TakeMode) {
  const state = await readDeskState(db, file, 'file-1');
  const plan = planProfile(header(), file, state, file.serviceUrl, new Map(), 'desk-b');
  await writeTaken(db, takenFor(plan, mode, new Map(), new Map()), new Map());
  return plan;
}

async function keysOf(db: KennelDb): Promise<string[]> {
  return (await db.history.orderBy('at').toArray()).map((row) => row.key);
}

describe('the desk’s history in a desk file', () => {
  it('is saved with the profile, oldest first, and makes a profile worth saving', async () => {
    setAtTheDesk({ desk: 'Front desk', initials: 'AB' });
    const db = freshProfileDb();
    const { outboxId } = await enqueueIntake(db, 'local', { name: 'Pip', categoryId: '2' });
    await takeBack(db, [outboxId]);
    const { contents: saved } = await profileToSave(db, 'local', '');
    expect(saved.history.map((row) => [row.kind, row.name, row.desk, row.initials])).toEqual([
      ['typed', 'Pip', 'Front desk', 'AB'],
      ['taken-back', 'Pip', 'Front desk', 'AB'],
    ]);
    // Nothing waits and no record is kept: the history alone is worth a file.
    expect(saved.queue).toEqual([]);
    expect(holdsAnything(saved)).toBe(true);
    expect(holdsAnything({ ...saved, history: [] })).toBe(false);
  });

  it('refuses a file with a history row Kennel would not write', () => {
    expect(contentsProblem(contents({ history: [event('h1', 1)] }))).toBeNull();
    for (const bad of [
      { ...event('h1', 1), kind: 'deleted' },
      { ...event('h1', 1), at: 'yesterday' },
      { ...event('h1', 1), key: '' },
      { ...event('h1', 1), count: -1 },
      { ...event('h1', 1), name: 7 },
    ]) {
      const file = contents({ history: [event('h0', 0), bad as never] });
      expect(contentsProblem(file), JSON.stringify(bad)).not.toBeNull();
    }
  });

  it('adds to this desk only the rows it lacks, however often the file is opened', async () => {
    const db = freshProfileDb();
    const { localKey } = await enqueueIntake(db, 'local', { name: 'Own', categoryId: '2' });
    const own = await keysOf(db);
    const mine = { ...event('h2', 20), name: 'As this desk has it' };
    await db.history.add(mine);
    const file = contents({
      history: [
        event('h1', 10),
        { ...event('h2', 20), name: 'As the file has it' },
        event('h3', 30),
      ],
    });

    const first = await open(db, file, 'add');
    expect(first.desk.historyHere).toEqual(new Set(['h2']));
    const second = await open(db, file, 'add');
    expect(second.desk.historyHere).toEqual(new Set(['h1', 'h2', 'h3']));

    expect(await keysOf(db)).toEqual(['h1', 'h2', 'h3', ...own]);
    expect(await db.history.get('h2')).toEqual(mine);
    expect((await db.history.where('petKey').equals(localKey).toArray()).length).toBe(1);
  });

  it('takes every row of the file when this computer replaces the one that saved it', async () => {
    const db = freshProfileDb();
    const file = contents({ history: [event('h1', 10), event('h2', 20, { kind: 'sent' })] });
    await open(db, file, 'replace');
    await open(db, file, 'replace');
    expect(await db.history.orderBy('at').toArray()).toEqual(file.history);
  });

  it('changes no history when the rest of the file cannot be written', async () => {
    const db = freshProfileDb();
    await open(db, contents({ history: [event('h0', 5)] }), 'replace');
    const file = contents({ history: [event('h1', 10)] });
    const state = await readDeskState(db, file, 'file-1');
    const plan = planProfile(header(), file, state, file.serviceUrl, new Map(), 'desk-b');
    const taken = takenFor(plan, 'replace', new Map(), new Map());
    // IndexedDB refuses the key of the last row, after the history is written in the same transaction.
    taken.queue = [{ ...(await queuedLike(db)), id: {} as never }];
    await expect(writeTaken(db, taken, new Map())).rejects.toThrow();
    expect(await keysOf(db)).toEqual(['h0']);
  });
});

/** An outbox entry as a file carries one, made by this desk's own intake then taken out of it. */
async function queuedLike(db: KennelDb) {
  const { outboxId } = await enqueueIntake(db, 'local', { name: 'Pip', categoryId: '2' });
  const entry = await db.outbox.get(outboxId);
  await takeBack(db, [outboxId]);
  await db.history
    .where('petKey')
    .equals(entry?.localKey ?? '')
    .delete();
  if (entry === undefined) throw new Error('no entry');
  return entry;
}
