// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileName } from '../../../../electron/contract/profiles';
import { openProfileDb } from '../../../../src/data/db';
import type { IntakeRecord } from '../../../../src/data/intake-record';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { readRecord } from '../../../../src/data/records';
import { useIntakeStore } from '../../../../src/stores/intake';
import { useProfileStore } from '../../../../src/stores/profile';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';

/**
 * "Add another like this" in the intake store: the form starts the next
 * litter-mate from the animal just added, says its place, and the animals
 * so started are one litter on this computer; Undo frees a place.
 */

// No sync engine: nothing is sent, so every animal stays under its local key.
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({ syncNow: () => Promise.resolve() }),
}));

const PROFILES_USED: ProfileName[] = ['local', 'staging'];

beforeEach(async () => {
  freshPinia();
  for (const name of PROFILES_USED) {
    const db = openProfileDb(name);
    await db.pets.clear();
    await db.outbox.clear();
    await db.meta.clear();
    await db.records.clear();
    await db.photos.clear();
  }
});

afterEach(() => {
  disposeStores();
});

type Intake = ReturnType<typeof useIntakeStore>;

async function submit(intake: Intake, name: string): Promise<void> {
  intake.name = name;
  expect(intake.submit()).toBe(true);
  await intake.settled();
}

/** The records of the animals queued, by name, in queue order. */
async function recordsByName(): Promise<Map<string, IntakeRecord | undefined>> {
  const db = openProfileDb('local');
  const entries = await readOutbox(db);
  const found = new Map<string, IntakeRecord | undefined>();
  for (const entry of entries) found.set(entry.payload.name, await readRecord(db, entry.localKey));
  return found;
}

/** Types the first kitten in full and adds it. */
async function firstKitten(intake: Intake): Promise<void> {
  intake.category = '3';
  intake.status = 'available';
  intake.recordText = {
    ...intake.recordText,
    sex: 'female',
    colour: 'Tabby',
    breed: 'Domestic shorthair',
    intakeType: 'stray',
    foundAt: 'Behind the market',
    kennel: 'Cats 4',
  };
  await submit(intake, 'Ada');
}

describe('Add another like this', () => {
  it('starts the next animal with what litter-mates share, and says its place', async () => {
    const intake = useIntakeStore();
    expect(intake.canAddLikeThis).toBe(false);
    await firstKitten(intake);

    expect(intake.canAddLikeThis).toBe(true);
    expect(intake.addLikeThis()).toBe(true);
    expect([intake.name, intake.category, intake.status]).toEqual(['', '3', 'available']);
    expect(intake.recordText).toMatchObject({
      kennel: 'Cats 4',
      foundAt: 'Behind the market',
      intakeType: 'stray',
      breed: 'Domestic shorthair',
      sex: '',
      colour: '',
    });
    expect(intake.recordText.holdUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(intake.recordOpen).toBe(true);
    expect(intake.litterPlace).toEqual({ place: 2, added: 1 });
    // Offered only while the form is empty: it would type over the next animal.
    expect(intake.canAddLikeThis).toBe(false);
    expect(intake.addLikeThis()).toBe(false);
  });

  it('makes the animals started from one another one litter, the first joining with the second', async () => {
    const intake = useIntakeStore();
    await firstKitten(intake);
    for (const [i, name] of ['Bo', 'Cy'].entries()) {
      intake.addLikeThis();
      expect(intake.litterPlace).toEqual({ place: i + 2, added: i + 1 });
      intake.recordText = { ...intake.recordText, sex: 'male' };
      await submit(intake, name);
      expect(intake.litterPlace).toBeNull();
    }
    // Typed afresh, not started from the litter: not of it.
    intake.category = '3';
    await submit(intake, 'Dog');

    const records = await recordsByName();
    const ada = records.get('Ada');
    const id = ada?.litter?.id;
    expect(id).toEqual(expect.any(String));
    expect(['Ada', 'Bo', 'Cy'].map((name) => records.get(name)?.litter)).toEqual([
      { id, place: 1 },
      { id, place: 2 },
      { id, place: 3 },
    ]);
    expect(records.get('Dog')?.litter).toBeUndefined();
    for (const name of ['Bo', 'Cy']) {
      expect(records.get(name)).toMatchObject({
        sex: 'male',
        kennel: 'Cats 4',
        intakeType: 'stray',
        holdUntil: ada?.holdUntil,
        // To the millisecond, though the form shows it to the minute.
        intakeAt: ada?.intakeAt,
      });
      expect(records.get(name)?.colour).toBeUndefined();
    }
  });

  it('frees the place of a litter-mate taken back by Undo, which comes back into the form as one', async () => {
    const intake = useIntakeStore();
    await useProfileStore().whenDb();
    await firstKitten(intake);
    intake.addLikeThis();
    await submit(intake, 'Bo');
    await eventually(() => expect(intake.canUndo).toBe(true));

    expect(await intake.undo()).toBe(true);
    expect(intake.name).toBe('Bo');
    expect(intake.litterPlace).toEqual({ place: 2, added: 1 });
    await submit(intake, 'Bob');

    const records = await recordsByName();
    expect([...records.keys()]).toEqual(['Ada', 'Bob']);
    expect(records.get('Bob')?.litter?.place).toBe(2);
    expect(records.get('Ada')?.litter?.id).toBe(records.get('Bob')?.litter?.id);
  });

  it('lets an animal started as a litter-mate leave the litter', async () => {
    const intake = useIntakeStore();
    await firstKitten(intake);
    intake.addLikeThis();
    intake.leaveLitter();
    expect(intake.litterPlace).toBeNull();
    await submit(intake, 'Stranger');

    const records = await recordsByName();
    expect(records.get('Stranger')).toMatchObject({ kennel: 'Cats 4' });
    expect(records.get('Stranger')?.litter).toBeUndefined();
    expect(records.get('Ada')?.litter).toBeUndefined();
  });

  it('waits while an animal held as a possible duplicate waits for a decision', async () => {
    const intake = useIntakeStore();
    await firstKitten(intake);
    intake.category = '3';
    await submit(intake, 'Ada');
    await eventually(() => expect(intake.lookAlikes).toHaveLength(1));

    expect(intake.canAddLikeThis).toBe(false);
    expect(intake.addLikeThis()).toBe(false);
    intake.dropLookAlike(intake.lookAlikes[0]?.id ?? 0);
    expect(intake.canAddLikeThis).toBe(true);
  });

  it('is not offered for an animal of another profile', async () => {
    const intake = useIntakeStore();
    await firstKitten(intake);
    useProfileStore().switchTo('staging');

    expect(intake.canAddLikeThis).toBe(false);
    expect(intake.addLikeThis()).toBe(false);
  });
});
