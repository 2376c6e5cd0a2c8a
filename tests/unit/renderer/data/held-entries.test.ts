import { describe, expect, it } from 'vitest';
import type { NewPet } from '../../../../electron/contract/pet';
import { KennelDb, type OutboxEntry } from '../../../../src/data/db';
import { correctEntry, startEditing, stopEditing } from '../../../../src/data/correction';
import { heldEntries, sendHeldNow } from '../../../../src/data/held-entries';
import { takeBack } from '../../../../src/data/take-back';
import {
  holdEndsAt,
  isHeld,
  MAX_HOLD_SECONDS,
  readHoldSeconds,
  saveHoldSeconds,
} from '../../../../src/data/hold';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { claimEntry, markNeedsAttention } from '../../../../src/data/send-steps';
import { findCachedPet } from '../../../../src/data/pets';
import { freshIdb, freshProfileDb } from './test-db';

// Where the hold is kept: a stored format, so written out here.
const HOLD_META_KEY = 'intake.holdSeconds';

// The specification: a new animal is held 10 seconds before it is sent.
const DEFAULT_HOLD_SECONDS = 10;

const HOLD = 10;
const HOLD_MS = HOLD * 1000;

/** A profile database whose hold before sending is {@link HOLD} seconds. */
function heldDb(): KennelDb {
  return freshProfileDb('local', freshIdb(), HOLD);
}

async function queued(db: KennelDb, name: string): Promise<OutboxEntry> {
  const result = await enqueueIntake(db, 'local', { name, categoryId: '2' });
  return stored(db, result.outboxId);
}

async function stored(db: KennelDb, id: string): Promise<OutboxEntry> {
  const entry = await db.outbox.get(id);
  if (entry === undefined) throw new Error(`no entry ${id}`);
  return entry;
}

/** The deadline of a held entry; fails the test when it has none. */
function deadline(entry: OutboxEntry): number {
  if (entry.heldUntil === undefined) throw new Error(`${entry.payload.name} is not held`);
  return entry.heldUntil;
}

/** Claims `entry` as the replayer would once its hold is over. */
async function claimAfterHold(db: KennelDb, entry: OutboxEntry): Promise<OutboxEntry> {
  const claimed = await claimEntry(db, entry.id, deadline(entry) + 1);
  if (claimed === null) throw new Error('not claimed');
  return claimed;
}

const animals = (...names: string[]): NewPet[] => names.map((name) => ({ name, categoryId: '4' }));

describe('the hold of a profile', () => {
  it('gives an intake a deadline of its creation time plus the hold', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');
    expect(entry.heldUntil).toBe(entry.createdAt + 10_000);
    expect(entry.editing).toBeUndefined();
  });

  it('gives an intake no deadline when the hold is 0', async () => {
    const db = freshProfileDb('local', freshIdb(), 0);
    const entry = await queued(db, 'Bella');
    expect(entry).not.toHaveProperty('heldUntil');
  });

  it('clamps what is saved to whole seconds from 0 to the maximum', async () => {
    const db = freshProfileDb();
    expect(MAX_HOLD_SECONDS).toBe(120);
    expect(await saveHoldSeconds(db, 200)).toBe(120);
    expect(await readHoldSeconds(db)).toBe(120);
    expect(await saveHoldSeconds(db, -5)).toBe(0);
    expect(await readHoldSeconds(db)).toBe(0);
    expect(await saveHoldSeconds(db, 2.6)).toBe(3);
    expect(await readHoldSeconds(db)).toBe(3);
    expect((await db.meta.get(HOLD_META_KEY))?.value).toBe(3);
  });

  it('reads the default when nothing is stored, and an intake then gets the default hold', async () => {
    // Not `freshProfileDb`, which stores a hold.
    const db = new KennelDb('kennel-local', freshIdb());
    expect(await db.meta.get(HOLD_META_KEY)).toBeUndefined();
    expect(await readHoldSeconds(db)).toBe(10);
    const entry = await queued(db, 'Bella');
    expect(entry.heldUntil).toBe(entry.createdAt + 10_000);
  });

  it.each<[string, unknown]>([
    ['a string', 'thirty'],
    ['null', null],
    ['NaN', Number.NaN],
    ['an object', { seconds: 5 }],
  ])('reads the default when the stored value is %s', async (_label, value) => {
    const db = freshProfileDb();
    await db.meta.put({ key: HOLD_META_KEY, value });
    expect(await readHoldSeconds(db)).toBe(DEFAULT_HOLD_SECONDS);
  });
});

describe('enqueueMany', () => {
  it('gives every entry of one call the same batch and hold, and another call another batch', async () => {
    const db = heldDb();
    const first = await enqueueMany(db, 'local', animals('A', 'B', 'C'));
    const second = await enqueueMany(db, 'local', animals('D', 'E'));
    const one = await Promise.all(first.map((id) => stored(db, id)));
    const two = await Promise.all(second.map((id) => stored(db, id)));

    const batch = one[0]?.batchId;
    expect(typeof batch).toBe('string');
    expect(one.map((e) => e.batchId)).toEqual([batch, batch, batch]);
    const held = one[0]?.heldUntil;
    expect(held).toBe((one[0]?.createdAt ?? 0) + HOLD_MS);
    expect(one.map((e) => e.heldUntil)).toEqual([held, held, held]);

    const otherBatch = two[0]?.batchId;
    expect(typeof otherBatch).toBe('string');
    expect(otherBatch).not.toBe(batch);
    expect(two.map((e) => e.batchId)).toEqual([otherBatch, otherBatch]);
    expect(two.map((e) => e.heldUntil)).toEqual(two.map((e) => e.createdAt + HOLD_MS));
  });
});

describe('claimEntry and the hold', () => {
  it('refuses a held entry and leaves it unchanged', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');

    expect(await claimEntry(db, entry.id, entry.createdAt)).toBeNull();
    expect(await claimEntry(db, entry.id, deadline(entry) - 1)).toBeNull();

    expect(await stored(db, entry.id)).toEqual(entry);
  });

  it('claims it once the hold is over, and the claimed entry is out of the hold for good', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');
    // Stored as an edit would leave it, to see the flag go too.
    await db.outbox.update(entry.id, { editing: false });

    const claimed = await claimEntry(db, entry.id, deadline(entry) + 1);

    expect(claimed).toMatchObject({ state: 'sending', attempts: 1 });
    expect(claimed).not.toHaveProperty('heldUntil');
    expect(claimed).not.toHaveProperty('editing');
    const after = await stored(db, entry.id);
    expect(after).toMatchObject({ state: 'sending', attempts: 1 });
    expect(after).not.toHaveProperty('heldUntil');
    expect(after).not.toHaveProperty('editing');
  });
});

describe('isHeld', () => {
  const now = Date.UTC(2030, 0, 1);

  it('holds until the deadline, and no longer', () => {
    expect(isHeld({ heldUntil: now + 1 }, now)).toBe(true);
    expect(isHeld({ heldUntil: now }, now)).toBe(false);
    expect(isHeld({ heldUntil: now - 1 }, now)).toBe(false);
    expect(isHeld({}, now)).toBe(false);
  });

  it('does not trust a deadline further ahead than the longest hold (a clock set back)', () => {
    const longest = MAX_HOLD_SECONDS * 1000;
    expect(isHeld({ heldUntil: now + longest }, now)).toBe(true);
    expect(isHeld({ heldUntil: now + longest + 1 }, now)).toBe(false);
    expect(isHeld({ heldUntil: now + 3_600_000 }, now)).toBe(false);
    expect(holdEndsAt({ heldUntil: now + 3_600_000 }, now)).toBeNull();
  });

  it('holds an entry being edited whatever the time', () => {
    expect(isHeld({ editing: true }, now)).toBe(true);
    expect(isHeld({ editing: true, heldUntil: now - 3_600_000 }, now)).toBe(true);
    expect(isHeld({ editing: true, heldUntil: now + 3_600_000 }, now)).toBe(true);
    expect(holdEndsAt({ editing: true, heldUntil: now - 1 }, now)).toBe(Infinity);
    expect(holdEndsAt({ heldUntil: now + 5 }, now)).toBe(now + 5);
  });

  it('lets claimEntry send an entry whose deadline the clock was set back behind', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');
    const setBack = deadline(entry) - MAX_HOLD_SECONDS * 1000 - 1;
    expect(await claimEntry(db, entry.id, setBack)).toMatchObject({ state: 'sending' });
  });
});

describe('takeBack', () => {
  it('takes back the entries of a batch not yet claimed, and leaves the claimed one', async () => {
    const db = heldDb();
    const ids = await enqueueMany(db, 'local', animals('A', 'B', 'C'));
    const entries = await Promise.all(ids.map((id) => stored(db, id)));
    const [a, b, c] = entries;
    if (!a || !b || !c) throw new Error('setup failed');
    await claimAfterHold(db, b);

    expect(await takeBack(db, ids)).toEqual({ withdrawn: 2, tooLate: 1 });

    expect(await db.outbox.get(a.id)).toBeUndefined();
    expect(await db.outbox.get(c.id)).toBeUndefined();
    expect(await findCachedPet(db, a.localKey)).toBeUndefined();
    expect(await findCachedPet(db, c.localKey)).toBeUndefined();
    expect(await stored(db, b.id)).toMatchObject({ state: 'sending', payload: { name: 'B' } });
    expect(await findCachedPet(db, b.localKey)).toMatchObject({ name: 'B', pending: 1 });
  });
});

describe('sendHeldNow', () => {
  it('ends the hold of held entries, but not of one being edited', async () => {
    const db = heldDb();
    const a = await queued(db, 'A');
    const b = await queued(db, 'B');
    const c = await queued(db, 'C');
    expect(await startEditing(db, b.id)).toBe(true);

    expect(await sendHeldNow(db, [a.id, b.id])).toBe(1);

    const released = await stored(db, a.id);
    expect(released).not.toHaveProperty('heldUntil');
    expect(await stored(db, b.id)).toMatchObject({ editing: true });
    // Untouched: not asked for.
    expect(await stored(db, c.id)).toEqual(c);
    // Claimable at once, even at the moment it was taken in.
    expect(await claimEntry(db, a.id, a.createdAt)).toMatchObject({ state: 'sending' });
    expect(await claimEntry(db, b.id, deadline(b) + 3_600_000)).toBeNull();
    expect(await claimEntry(db, c.id, c.createdAt)).toBeNull();
  });
});

describe('correcting an entry during its hold', () => {
  it('keeps an entry being edited back, even long past its deadline', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');
    expect(await startEditing(db, entry.id)).toBe(true);

    expect(await stored(db, entry.id)).toMatchObject({ editing: true, heldUntil: entry.heldUntil });
    expect(await claimEntry(db, entry.id, deadline(entry) + 1)).toBeNull();
    expect(await claimEntry(db, entry.id, deadline(entry) + 60_000)).toBeNull();
    expect(await stored(db, entry.id)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('saves a correction: new payload and pending row, no longer edited, held again from now', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bela');
    await startEditing(db, entry.id);

    const before = Date.now();
    await correctEntry(db, entry.id, {
      name: 'Bella',
      categoryId: '5',
      status: 'available',
    });
    const after = Date.now();

    const corrected = await stored(db, entry.id);
    expect(corrected.payload).toEqual({ name: 'Bella', categoryId: '5', status: 'available' });
    expect(corrected).not.toHaveProperty('editing');
    expect(corrected).toMatchObject({
      state: 'queued',
      seq: entry.seq,
      idempotencyKey: entry.idempotencyKey,
    });
    expect(deadline(corrected)).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(deadline(corrected)).toBeLessThanOrEqual(after + HOLD_MS);
    expect(await findCachedPet(db, entry.localKey)).toMatchObject({
      name: 'Bella',
      categoryId: '5',
      status: 'available',
      pending: 1,
      outboxId: entry.id,
    });
    // Held again: not claimable before the new deadline, claimable after it.
    expect(await claimEntry(db, entry.id, deadline(corrected) - 1)).toBeNull();
    expect(await claimEntry(db, entry.id, deadline(corrected))).toMatchObject({
      state: 'sending',
      payload: { name: 'Bella' },
    });
  });

  it('keeps an imported animal marked as imported through a correction, typed ones unmarked', async () => {
    const db = heldDb();
    const [id] = await enqueueMany(db, 'local', [{ name: 'Bela', categoryId: '2' }]);
    const imported = await stored(db, id ?? '');
    const typed = await queued(db, 'Rox');
    for (const entry of [imported, typed]) {
      await startEditing(db, entry.id);
      await correctEntry(db, entry.id, { name: `${entry.payload.name}!`, categoryId: '2' });
    }
    expect(await findCachedPet(db, imported.localKey)).toMatchObject({
      name: 'Bela!',
      imported: 1,
    });
    expect(await findCachedPet(db, typed.localKey)).not.toHaveProperty('imported');
  });

  it('stopEditing clears the flag and holds the entry again for the whole hold', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');
    await startEditing(db, entry.id);

    const before = Date.now();
    await stopEditing(db, entry.id);

    const stopped = await stored(db, entry.id);
    expect(stopped).not.toHaveProperty('editing');
    expect(stopped.payload).toEqual(entry.payload);
    expect(deadline(stopped)).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(deadline(stopped)).toBeLessThanOrEqual(Date.now() + HOLD_MS);
    expect(await claimEntry(db, entry.id, deadline(stopped) - 1)).toBeNull();
  });

  it('refuses to start editing a claimed entry and changes nothing', async () => {
    const db = heldDb();
    const entry = await queued(db, 'Bella');
    const claimed = await claimAfterHold(db, entry);

    expect(await startEditing(db, entry.id)).toBe(false);

    expect(await stored(db, entry.id)).toEqual(claimed);
    await expect(
      correctEntry(db, entry.id, { name: 'Other', categoryId: '2' }),
    ).rejects.toMatchObject({ reason: 'in-flight' });
    expect(await stored(db, entry.id)).toEqual(claimed);
  });
});

describe('heldEntries', () => {
  it('lists held and hold-ended unclaimed entries in seq order, not claimed or refused ones', async () => {
    const db = heldDb();
    const held = await queued(db, 'held');
    const claimed = await queued(db, 'claimed');
    const ended = await queued(db, 'ended');
    const refused = await queued(db, 'refused');
    const released = await queued(db, 'released');
    // Its hold ended before the first one's: the index files it first.
    await db.outbox.update(ended.id, { heldUntil: held.createdAt - 1 });
    const sending = await claimAfterHold(db, claimed);
    await markNeedsAttention(db, await stored(db, refused.id), {
      kind: 'validation',
      message: 'Refused.',
      status: 400,
    });
    await sendHeldNow(db, [released.id]);

    const listed = await heldEntries(db);

    expect(listed.map((e) => e.payload.name)).toEqual(['held', 'ended']);
    expect(listed[1]?.heldUntil).toBe(held.createdAt - 1);
    expect(sending.state).toBe('sending');
  });

  it('lists an entry being edited', async () => {
    const db = freshProfileDb('local', freshIdb(), 0);
    const entry = await queued(db, 'Bella');
    expect(await heldEntries(db)).toEqual([]);
    await startEditing(db, entry.id);
    expect((await heldEntries(db)).map((e) => e.id)).toEqual([entry.id]);
  });
});

describe('correctEntry (an entry that needs attention)', () => {
  async function refusedEntry(db: KennelDb): Promise<OutboxEntry> {
    const entry = await queued(db, 'Bad');
    const claimed = await claimAfterHold(db, entry);
    await markNeedsAttention(db, claimed, {
      kind: 'validation',
      message: 'Name is too long.',
      status: 400,
    });
    const refused = await stored(db, entry.id);
    expect(refused).toMatchObject({ state: 'needs-attention' });
    expect(refused).not.toHaveProperty('heldUntil');
    return refused;
  }

  it('holds the queued-again entry when the profile has a hold', async () => {
    const db = heldDb();
    const refused = await refusedEntry(db);

    const before = Date.now();
    await correctEntry(db, refused.id, { name: 'Good', categoryId: '2' });

    const edited = await stored(db, refused.id);
    expect(edited).toMatchObject({ state: 'queued', payload: { name: 'Good' } });
    expect(deadline(edited)).toBeGreaterThanOrEqual(before + HOLD_MS);
    expect(deadline(edited)).toBeLessThanOrEqual(Date.now() + HOLD_MS);
    expect(await claimEntry(db, refused.id, deadline(edited) - 1)).toBeNull();
    expect(await claimEntry(db, refused.id, deadline(edited))).toMatchObject({ state: 'sending' });
  });

  it('can take back, correct or send at once the corrected entry in its hold', async () => {
    const db = heldDb();
    const refused = await refusedEntry(db);
    await correctEntry(db, refused.id, { name: 'Good', categoryId: '2' });

    expect((await heldEntries(db)).map((e) => e.id)).toEqual([refused.id]);
    expect(await startEditing(db, refused.id)).toBe(true);
    await stopEditing(db, refused.id);
    expect(await sendHeldNow(db, [refused.id])).toBe(1);
    expect(await takeBack(db, [refused.id])).toEqual({ withdrawn: 1, tooLate: 0 });
  });

  it('does not hold it when the profile has none', async () => {
    const db = heldDb();
    const refused = await refusedEntry(db);
    await saveHoldSeconds(db, 0);

    await correctEntry(db, refused.id, { name: 'Good', categoryId: '2' });

    const edited = await stored(db, refused.id);
    expect(edited).toMatchObject({ state: 'queued' });
    expect(edited).not.toHaveProperty('heldUntil');
  });
});
