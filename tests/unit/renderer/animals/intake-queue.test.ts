import { describe, expect, it } from 'vitest';
import { validateNewPet } from '../../../../electron/contract/validate';
import {
  createIntakeQueue,
  fieldsAreEmpty,
  takeSnapshot,
} from '../../../../src/animals/intake-queue';
import type { AnimalText } from '../../../../src/animals/intake-rules';
import { indexCategories, NO_CATEGORIES } from '../../../../src/data/category-list';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { describeStorageError } from '../../../../src/data/storage';
import { freshProfileDb } from '../data/test-db';
import { t } from '../../../../src/i18n';

const FALLBACK = 'Not saved.';

/** What the queue tests commit: an animal as the data layer takes it. */
interface Animal {
  name: string;
  categoryId: string;
  status: string;
}

function animal(name: string, categoryId = '3', status = ''): Animal {
  return { name, categoryId, status };
}

function typed(name: string, category: string, status = ''): AnimalText {
  return { name, category, status };
}

/** A promise released from outside: a commit held in flight for as long as a test needs. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Makes the real intake transaction fail as a full disk does, for the names in `full`. */
function diskFullFor(db: KennelDb, full: Set<string>): void {
  db.pets.hook('creating', (_key, row: { name?: unknown }) => {
    if (typeof row.name === 'string' && full.has(row.name)) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
  });
}

/**
 * A queue committing into a real (in-memory) IndexedDB through the real
 * intake transaction, recording how many commits ever ran at once.
 */
function queueOver(
  db: KennelDb,
  extra: {
    before?: (fields: Animal) => Promise<void>;
  } = {},
) {
  let running = 0;
  let mostAtOnce = 0;
  const started: string[] = [];
  const queue = createIntakeQueue<Animal>({
    commit: async (fields) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      started.push(fields.name);
      try {
        await extra.before?.(fields);
        // As the add form does: the contract's rules make the animal, the data layer stores it.
        const checked = validateNewPet(fields);
        if (!checked.ok) throw new Error(Object.values(checked.errors).join(' '));
        await enqueueIntake(db, 'local', checked.value);
      } finally {
        running -= 1;
      }
    },
    describe: (error) => describeStorageError(error) ?? FALLBACK,
  });
  return { queue, started, mostAtOnce: () => mostAtOnce };
}

async function storedNames(db: KennelDb): Promise<string[]> {
  return (await readOutbox(db)).map((e) => e.payload.name);
}

describe('takeSnapshot', () => {
  const shelter = indexCategories([
    { id: '2', name: 'Dog' },
    { id: '7', name: 'Chèvre' },
  ]);

  it('copies the fields as typed, so later typing does not change what was submitted', () => {
    const form = typed(' Rex ', '7', 'available');
    const taken = takeSnapshot(form, NO_CATEGORIES);
    form.name = 'Rex and more';
    form.category = '';
    expect(taken).toEqual({
      ok: true,
      fields: { name: ' Rex ', category: '7', status: 'available' },
      pet: { name: 'Rex', categoryId: '7', status: 'available' },
    });
  });

  it('keeps the category name as typed and carries its number for the commit', () => {
    const taken = takeSnapshot(typed('Bella', ' chevre ', 'Pending'), shelter);
    expect(taken).toEqual({
      ok: true,
      fields: { name: 'Bella', category: ' chevre ', status: 'Pending' },
      pet: { name: 'Bella', categoryId: '7', status: 'pending' },
    });
    // A number the list does not name is still a category.
    expect(takeSnapshot(typed('Rex', '017'), shelter)).toMatchObject({
      ok: true,
      pet: { name: 'Rex', categoryId: '17' },
    });
  });

  it('gives the shared field messages for an invalid animal', () => {
    const taken = takeSnapshot(typed('  ', 'seven', 'lost'), shelter);
    expect(taken.ok).toBe(false);
    if (taken.ok) return;
    expect(taken.errors).toEqual({
      name: 'Name is required.',
      categoryId:
        'No category is called \u201cseven\u201d. Type its number, or add the name under Settings, Categories.',
      status:
        '\u201clost\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted. Leave it empty for no status.',
    });
  });

  it('counts only truly empty fields as an empty form', () => {
    expect(fieldsAreEmpty(typed('', '', ''))).toBe(true);
    expect(fieldsAreEmpty(typed(' ', '', ''))).toBe(false);
    expect(fieldsAreEmpty(typed('', ' ', ''))).toBe(false);
    expect(fieldsAreEmpty(typed('', '', 'sold'))).toBe(false);
  });
});

describe('the intake queue', () => {
  it('commits snapshots one at a time, in submit order, even when submitted all at once', async () => {
    const db = freshProfileDb();
    const names = Array.from({ length: 30 }, (_, i) => `Burst ${i + 1}`);
    // Commits of different speeds: an early slow one must not let a later fast one overtake it.
    const { queue, started, mostAtOnce } = queueOver(db, {
      before: async (fields) => {
        const turns = Number(fields.name.split(' ')[1]) % 4;
        for (let i = 0; i < turns * 3; i += 1) await Promise.resolve();
      },
    });

    const ids = names.map((name) => queue.enqueue(animal(name)));
    expect(new Set(ids).size).toBe(30);
    expect(queue.pending).toBe(30);
    await queue.settled();

    expect(queue.pending).toBe(0);
    expect(queue.failures).toEqual([]);
    expect(started).toEqual(names);
    expect(mostAtOnce()).toBe(1);
    const entries = await readOutbox(db);
    expect(entries.map((e) => e.payload.name)).toEqual(names);
    expect(entries.map((e) => e.seq)).toEqual(names.map((_, i) => i + 1));
  });

  it('accepts new snapshots while a slow commit is in flight and commits them after it', async () => {
    const db = freshProfileDb();
    const held = gate();
    const { queue, started } = queueOver(db, {
      before: (fields) => (fields.name === 'Slow' ? held.opened : Promise.resolve()),
    });

    queue.enqueue(animal('Slow'));
    queue.enqueue(animal('Next'));
    queue.enqueue(animal('After'));
    // Accepted at once, all three, while the first is still held.
    expect(queue.pending).toBe(3);
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(started).toEqual(['Slow']);
    expect(await storedNames(db)).toEqual([]);

    held.open();
    await queue.settled();
    expect(await storedNames(db)).toEqual(['Slow', 'Next', 'After']);
    expect(queue.pending).toBe(0);
  });

  it('keeps a failed snapshot with its message and still commits the ones behind it', async () => {
    const db = freshProfileDb();
    const full = new Set(['Bella']);
    diskFullFor(db, full);
    const { queue } = queueOver(db);

    queue.enqueue(animal('Arlo'));
    const bella = queue.enqueue(animal('  Bella ', '12', 'pending'));
    queue.enqueue(animal('Cody'));
    await queue.settled();

    expect(await storedNames(db)).toEqual(['Arlo', 'Cody']);
    expect(queue.failures).toHaveLength(1);
    const [failure] = queue.failures;
    expect(failure?.id).toBe(bella);
    // Exactly as typed, spaces included, so it can go back into the form unchanged.
    expect(failure?.item).toEqual(animal('  Bella ', '12', 'pending'));
    expect(failure?.message).toBe(t('data.quota'));
  });

  it('retries a failed snapshot after what is already queued, and it is stored once', async () => {
    const db = freshProfileDb();
    const full = new Set(['Bella']);
    diskFullFor(db, full);
    const { queue } = queueOver(db);
    queue.enqueue(animal('Arlo'));
    const bella = queue.enqueue(animal('Bella'));
    await queue.settled();
    expect(queue.failures.map((f) => f.id)).toEqual([bella]);

    full.clear();
    queue.enqueue(animal('Cody'));
    expect(queue.retry(bella)).toBe(true);
    expect(queue.failures).toEqual([]);
    expect(queue.retry(bella)).toBe(false);
    await queue.settled();

    expect(await storedNames(db)).toEqual(['Arlo', 'Cody', 'Bella']);
    expect(queue.failures).toEqual([]);
  });

  it('lists a snapshot that fails again on retry, under the same id', async () => {
    const db = freshProfileDb();
    diskFullFor(db, new Set(['Bella']));
    const { queue } = queueOver(db);
    const bella = queue.enqueue(animal('Bella'));
    await queue.settled();
    queue.retry(bella);
    await queue.settled();
    expect(queue.failures.map((f) => [f.id, f.item.name])).toEqual([[bella, 'Bella']]);
    expect(await storedNames(db)).toEqual([]);
  });

  it('hands a failed snapshot back for the form, once', async () => {
    const db = freshProfileDb();
    diskFullFor(db, new Set(['Bella', 'Dora']));
    const { queue } = queueOver(db);
    const bella = queue.enqueue(animal('Bella', '4', 'sold'));
    const dora = queue.enqueue(animal('Dora'));
    await queue.settled();

    expect(queue.takeBack(bella)).toEqual(animal('Bella', '4', 'sold'));
    expect(queue.takeBack(bella)).toBeUndefined();
    expect(queue.retry(bella)).toBe(false);
    expect(queue.failures.map((f) => f.id)).toEqual([dora]);
    expect(queue.takeBack(12345)).toBeUndefined();
  });

  it('lists every failure, never handing it back to the form by itself', async () => {
    const db = freshProfileDb();
    diskFullFor(db, new Set(['Bella', 'Dora']));
    const { queue } = queueOver(db);
    queue.enqueue(animal('Bella'));
    queue.enqueue(animal('Cody'));
    queue.enqueue(animal('Dora'));
    await queue.settled();

    expect(queue.failures.map((f) => [f.item.name, f.message])).toEqual([
      ['Bella', t('data.quota')],
      ['Dora', t('data.quota')],
    ]);
    expect(await storedNames(db)).toEqual(['Cody']);
  });

  it('goes on after a commit that throws before it even starts', async () => {
    const committed: string[] = [];
    const queue = createIntakeQueue<string>({
      commit: (name) => {
        if (name === 'bad') throw new Error('no database');
        committed.push(name);
        return Promise.resolve();
      },
      describe: () => FALLBACK,
    });
    queue.enqueue('bad');
    queue.enqueue('good');
    await queue.settled();
    expect(committed).toEqual(['good']);
    expect(queue.failures.map((f) => [f.item, f.message])).toEqual([['bad', FALLBACK]]);
  });

  it('loses nothing: every snapshot ends stored once or listed, and retries store the rest once', async () => {
    const db = freshProfileDb();
    const names = Array.from({ length: 40 }, (_, i) => `Every ${String(i + 1).padStart(2, '0')}`);
    const full = new Set(names.filter((_, i) => i % 3 === 1));
    diskFullFor(db, full);
    const { queue } = queueOver(db);
    const changes: number[] = [];
    for (const name of names) {
      queue.enqueue(animal(name));
      changes.push(queue.pending);
    }
    // The count of pending snapshots only grows while they are being submitted.
    expect(changes).toEqual(names.map((_, i) => i + 1));
    await queue.settled();

    const stored = await storedNames(db);
    const listed = queue.failures.map((f) => f.item.name);
    expect(stored).toEqual(names.filter((n) => !full.has(n)));
    expect(listed).toEqual(names.filter((n) => full.has(n)));

    full.clear();
    for (const failure of queue.failures) queue.retry(failure.id);
    await queue.settled();
    const after = await storedNames(db);
    expect(after).toHaveLength(40);
    expect([...after].sort()).toEqual([...names].sort());
    expect(queue.failures).toEqual([]);
  });

  it('settles at once when nothing is pending', async () => {
    const queue = createIntakeQueue<string>({
      commit: () => Promise.resolve(),
      describe: () => FALLBACK,
    });
    await queue.settled();
    expect(queue.pending).toBe(0);
  });

  it('tells its listener about every change of the pending count and the failures', async () => {
    const seen: [number, number][] = [];
    const queue = createIntakeQueue<string>({
      commit: (name) => (name === 'bad' ? Promise.reject(new Error('no')) : Promise.resolve()),
      describe: () => FALLBACK,
      onChange: () => seen.push([queue.pending, queue.failures.length]),
    });
    queue.enqueue('good');
    const bad = queue.enqueue('bad');
    await queue.settled();
    queue.takeBack(bad);
    expect(seen).toEqual([
      [1, 0],
      [2, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
  });
});
