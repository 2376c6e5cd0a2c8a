// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileName } from '../../../../electron/contract/profiles';
import { writeCategories } from '../../../../src/data/categories';
import { openProfileDb } from '../../../../src/data/db';
import { saveHoldSeconds } from '../../../../src/data/hold';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { claimEntry, completeEntry } from '../../../../src/data/send-steps';
import { readRecord, saveRecord } from '../../../../src/data/records';
import { t } from '../../../../src/i18n';
import { useCategoriesStore } from '../../../../src/stores/categories';
import { useIntakeStore } from '../../../../src/stores/intake';
import { useProfileStore } from '../../../../src/stores/profile';
import { eventually } from '../../../helpers/eventually';
import { disposeStores, freshPinia } from '../support/test-pinia';

// No sync engine: the tests play the replayer's part themselves (claim, complete).
vi.mock('../../../../src/stores/sync', () => ({
  useSyncStore: () => ({ syncNow: () => Promise.resolve() }),
}));

const PROFILES_USED: ProfileName[] = ['local', 'staging'];
const TOO_LATE =
  'Bella was already sent, so it can no longer be taken back or corrected: the service keeps every animal it receives. If something in it is wrong, note it in your shelter’s records.';
const HELD = 'Bella waits a moment before it is sent. Until then you can undo or correct it.';

beforeEach(async () => {
  freshPinia();
  for (const name of PROFILES_USED) {
    const db = openProfileDb(name);
    await db.pets.clear();
    await db.outbox.clear();
    await db.categories.clear();
    await db.meta.clear();
    await db.records.clear();
    await db.photos.clear();
  }
});

afterEach(() => {
  vi.useRealTimers();
  disposeStores();
});

type Intake = ReturnType<typeof useIntakeStore>;

async function add(intake: Intake, name: string, category = '2', status = ''): Promise<void> {
  intake.name = name;
  intake.category = category;
  intake.status = status;
  expect(intake.submit()).toBe(true);
  await intake.settled();
}

/** Adds an animal with `chip` typed in its record. */
async function addWithChip(intake: Intake, name: string, chip: string, category = '2') {
  intake.recordText.chip = chip;
  await add(intake, name, category);
}

async function queuedNames(): Promise<string[]> {
  return (await readOutbox(openProfileDb('local'))).map((e) => e.payload.name);
}

async function onlyEntry() {
  const [entry] = await readOutbox(openProfileDb('local'));
  if (entry === undefined) throw new Error('nothing queued');
  return entry;
}

describe('Undo after adding an animal', () => {
  it('takes a held animal back with its pending row, and puts it back into the empty form', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella', '2', 'available');
    const { localKey, heldUntil } = await onlyEntry();
    expect(heldUntil).toBeGreaterThan(Date.now());
    await eventually(() => expect(intake.confirmation).toBe(HELD));
    expect(intake.canUndo).toBe(true);

    expect(await intake.undo()).toBe(true);

    expect(await queuedNames()).toEqual([]);
    expect(await openProfileDb('local').pets.get(localKey)).toBeUndefined();
    expect(intake.canUndo).toBe(false);
    expect(intake.confirmation).toBe(
      'Took Bella back; it will not be sent. Its details are back in the form.',
    );
    expect([intake.name, intake.category, intake.status]).toEqual(['Bella', '2', 'available']);
  });

  it('never types over a form that already holds the next animal', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella');
    intake.name = 'Ne';

    expect(await intake.undo()).toBe(true);
    expect(intake.name).toBe('Ne');
    expect(intake.confirmation).toBe('Took Bella back; it will not be sent.');
  });

  it('stays offered after the hold while the animal is still on this computer (offline)', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella');
    const entry = await onlyEntry();
    await openProfileDb('local').outbox.update(entry.id, { heldUntil: Date.now() - 60_000 });
    await eventually(() => expect(intake.confirmation).toBe(HELD));
    expect(intake.canUndo).toBe(true);

    expect(await intake.undo()).toBe(true);
    expect(await queuedNames()).toEqual([]);
  });

  it('cannot be beaten by the replayer during the hold: the claim is refused', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella');
    const entry = await onlyEntry();

    expect(await claimEntry(openProfileDb('local'), entry.id)).toBeNull();
    expect(intake.canUndo).toBe(true);
    expect(await intake.undo()).toBe(true);
  });

  it('goes, without a word, once the animal is being sent; a click landing just after says why', async () => {
    await saveHoldSeconds(openProfileDb('local'), 0);
    const intake = useIntakeStore();
    await add(intake, 'Bella');
    const entry = await onlyEntry();
    await eventually(() => expect(intake.confirmation).toBe('Queued Bella for sync.'));
    expect(intake.canUndo).toBe(true);

    await claimEntry(openProfileDb('local'), entry.id);

    await eventually(() => expect(intake.canUndo).toBe(false));
    expect(intake.confirmation).toBe('Queued Bella for sync.');
    expect(await intake.undo()).toBe(false);
    expect(intake.confirmation).toBe(TOO_LATE);
    expect(await queuedNames()).toEqual(['Bella']);
  });

  it('goes once the animal was sent, and the form says it was added', async () => {
    await saveHoldSeconds(openProfileDb('local'), 0);
    const intake = useIntakeStore();
    await add(intake, 'Bella');
    const entry = await onlyEntry();
    const db = openProfileDb('local');
    const claimed = await claimEntry(db, entry.id);
    if (claimed === null) throw new Error('not claimed');
    await completeEntry(db, claimed, { id: '41', name: 'Bella', categoryId: '2' });

    await eventually(() => expect(intake.confirmation).toBe('Added Bella.'));
    expect(intake.canUndo).toBe(false);
  });

  it('says what can be done instead when the replayer claims the animal just before Undo lands', async () => {
    await saveHoldSeconds(openProfileDb('local'), 0);
    const intake = useIntakeStore();
    await add(intake, 'Bella');
    const entry = await onlyEntry();
    await eventually(() => expect(intake.confirmation).toBe('Queued Bella for sync.'));
    expect(intake.canUndo).toBe(true);

    // Claimed in the same moment the user presses Undo: the screen has not caught up yet.
    const [claimed, undone] = await Promise.all([
      claimEntry(openProfileDb('local'), entry.id),
      intake.undo(),
    ]);

    expect(claimed === null).toBe(undone);
    if (!undone) {
      expect(intake.confirmation).toBe(TOO_LATE);
      expect(await queuedNames()).toEqual(['Bella']);
    } else {
      expect(await queuedNames()).toEqual([]);
    }
  });
});

describe('the duplicate warning', () => {
  it('holds back a second animal of the same name and category until the user confirms', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella', '2');
    await add(intake, '  bellá ', '2', 'sold');

    expect(await queuedNames()).toEqual(['Bella']);
    expect([intake.name, intake.category]).toEqual(['', '']);
    const [alike] = intake.lookAlikes;
    if (alike === undefined) throw new Error('no warning');
    expect(alike.warning).toMatch(
      /^Bella \(Category 2\) was added \d+ seconds? ago\. Add another\?$/,
    );
    expect(alike.item.fields).toEqual({ name: '  bellá ', category: '2', status: 'sold' });

    expect(intake.addAnother(alike.id)).toBe(true);
    await intake.settled();
    expect(intake.lookAlikes).toEqual([]);
    expect(await queuedNames()).toEqual(['Bella', 'bellá']);
  });

  it('catches the second of two identical scans made back to back', async () => {
    const intake = useIntakeStore();
    for (const name of ['Rex', 'Bella', 'BELLA', 'Max']) {
      intake.name = name;
      intake.category = '2';
      intake.submit();
    }
    await intake.settled();

    expect(await queuedNames()).toEqual(['Rex', 'Bella', 'Max']);
    expect(intake.lookAlikes.map((d) => d.item.fields.name)).toEqual(['BELLA']);
  });

  it('names the category in the warning, follows a rename, and puts back the name as typed', async () => {
    const db = openProfileDb('local');
    await writeCategories(db, [{ id: '2', name: 'Dog' }]);
    const categories = useCategoriesStore();
    await eventually(() => expect(categories.list).toHaveLength(1));
    const intake = useIntakeStore();

    // By number first, then by name in another case: the same category.
    await add(intake, 'Bella', '2');
    await add(intake, 'Bella', ' dOG ', 'sold');
    expect(await queuedNames()).toEqual(['Bella']);
    expect(intake.lookAlikes[0]?.warning).toMatch(
      /^Bella \(Dog\) was added \d+ seconds? ago\. Add another\?$/,
    );
    expect(intake.lookAlikes[0]?.item.pet.categoryId).toBe('2');

    await writeCategories(db, [{ id: '2', name: 'Hound' }]);
    await eventually(() => expect(intake.lookAlikes[0]?.warning).toMatch(/^Bella \(Hound\) /));
    // Under another profile (which has no names) it keeps its own profile's names.
    const profile = useProfileStore();
    profile.switchTo('staging');
    await eventually(() => expect(categories.list).toHaveLength(0));
    expect(intake.lookAlikes[0]?.warning).toMatch(/^Bella \(Dog\) /);
    profile.switchTo('local');
    await eventually(() => expect(intake.lookAlikes[0]?.warning).toMatch(/^Bella \(Hound\) /));

    const [alike] = intake.lookAlikes;
    if (alike === undefined) throw new Error('no warning');
    expect(intake.putBackLookAlike(alike.id)).toBe(true);
    expect([intake.name, intake.category, intake.status]).toEqual(['Bella', ' dOG ', 'sold']);
  });

  it('does not warn for another category', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella', '2');
    await add(intake, 'Bella', '3');
    expect(intake.lookAlikes).toEqual([]);
    expect(await queuedNames()).toEqual(['Bella', 'Bella']);
  });

  it('keeps what was typed: put back into the empty form, or dropped only on the user’s word', async () => {
    const intake = useIntakeStore();
    await add(intake, 'Bella', '2');
    await add(intake, 'Bella', '2', 'pending');
    await add(intake, 'Bella', '2', 'sold');
    const [first, second] = intake.lookAlikes;
    if (first === undefined || second === undefined) throw new Error('no warnings');

    intake.name = 'Ne';
    expect(intake.putBackLookAlike(first.id)).toBe(false);
    intake.name = '';
    expect(intake.putBackLookAlike(first.id)).toBe(true);
    expect([intake.name, intake.category, intake.status]).toEqual(['Bella', '2', 'pending']);

    expect(intake.dropLookAlike(second.id)).toBe(true);
    expect(intake.lookAlikes).toEqual([]);
    expect(await queuedNames()).toEqual(['Bella']);
  });
});

describe('the warning about a chip already recorded here', () => {
  const CHIP = '985141000123456';
  const takenBy = (name: string) => t('records.chipTaken', { chip: '985 141 000 123 456', name });

  it('holds back a second animal with the chip, naming the first, until the user confirms', async () => {
    const intake = useIntakeStore();
    await addWithChip(intake, 'Bella', '985 141 000 123 456');
    await addWithChip(intake, 'Max', '985-141-000-123-456', '3');

    expect(await queuedNames()).toEqual(['Bella']);
    const [alike] = intake.lookAlikes;
    if (alike === undefined) throw new Error('no warning');
    expect(alike.warning).toBe(takenBy('Bella'));
    expect(alike.warning).toContain('Bella');
    expect(alike.warning).toContain('985 141 000 123 456');

    // Confirmed, it is queued with its record and not asked about again.
    expect(intake.addAnother(alike.id)).toBe(true);
    await intake.settled();
    expect(intake.lookAlikes).toEqual([]);
    const entries = await readOutbox(openProfileDb('local'));
    expect(entries.map((e) => e.payload.name)).toEqual(['Bella', 'Max']);
    const max = entries[1];
    if (max === undefined) throw new Error('Max not queued');
    expect((await readRecord(openProfileDb('local'), max.localKey))?.chip).toBe(CHIP);
  });

  it('names an animal that is itself set aside with the chip, and puts the chip back to change', async () => {
    const intake = useIntakeStore();
    await addWithChip(intake, 'Bella', '123456789');
    // Held as a look-alike of the first Bella, with another chip.
    await addWithChip(intake, 'Bella', CHIP);
    await addWithChip(intake, 'Max', CHIP, '3');

    expect(await queuedNames()).toEqual(['Bella']);
    expect(intake.lookAlikes.map((d) => [d.item.fields.name, d.warning])).toEqual([
      ['Bella', expect.stringMatching(/^Bella \(Category 2\) was added/)],
      ['Max', takenBy('Bella')],
    ]);
    const max = intake.lookAlikes[1];
    if (max === undefined) throw new Error('no warning');
    expect(intake.putBackLookAlike(max.id)).toBe(true);
    expect([intake.name, intake.recordText.chip]).toEqual(['Max', CHIP]);
  });

  it('names by its ID an animal whose row is no longer listed', async () => {
    await saveRecord(openProfileDb('local'), '42', {
      fields: { chip: CHIP },
      photo: { kind: 'keep' },
    });
    const intake = useIntakeStore();
    await addWithChip(intake, 'Max', CHIP);
    expect(await queuedNames()).toEqual([]);
    expect(intake.lookAlikes.map((d) => d.warning)).toEqual([
      t('records.chipTakenById', { chip: '985 141 000 123 456', id: '42' }),
    ]);
  });

  it('does not hold an animal with another chip, or with a chip of another profile', async () => {
    const intake = useIntakeStore();
    await addWithChip(intake, 'Bella', CHIP);
    await addWithChip(intake, 'Max', '985141000123457', '3');
    // Held as a look-alike of Bella, with a chip no other animal has.
    await addWithChip(intake, 'Bella', '123456789');
    useProfileStore().switchTo('staging');
    await addWithChip(intake, 'Rex', CHIP, '3');
    await addWithChip(intake, 'Ivy', '123456789', '3');

    expect(intake.lookAlikes.map((d) => [d.item.profile, d.item.fields.name])).toEqual([
      ['local', 'Bella'],
    ]);
    expect(await queuedNames()).toEqual(['Bella', 'Max']);
    expect((await readOutbox(openProfileDb('staging'))).map((e) => e.payload.name)).toEqual([
      'Rex',
      'Ivy',
    ]);
  });
});
